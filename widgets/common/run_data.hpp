#pragma once
// Value types a run (or a recording) hands to the widgets, beside the engine's own model types
// (engine/model, the toposcope_model library: DeviceInfo, SeriesKind, LatencyStats, MigLayout) that the
// widgets use as they are; app/gui converts the engine's events into them.
#include <QMetaType>
#include <QString>
#include <QStringList>

#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "model/attribute.hpp"
#include "model/device_info.hpp"
#include "model/series.hpp"

namespace ts::gui {

struct RowData {
    double x = 0;
    double x2 = 0;
    double value = 0;
    QString label;
    std::vector<std::uint32_t> latencies;  // cycles, one per timed load
};

// New rows of one series. `replace`: the rows are the whole series (it was reset or re-sorted).
struct SeriesChunk {
    QString id;
    QString title;
    SeriesKind kind = SeriesKind::Size;
    QString element;  // display name, "L1"
    bool replace = false;
    std::vector<RowData> rows;
    // Latency above which a load counts as a miss, as the engine's rule for this kind decides
    // it from every row so far; negative when the kind has no such threshold.
    double missThreshold = -1;
    QString thresholdRule;  // how missThreshold was found, for the plot's caption
};
using SeriesChunkPtr = std::shared_ptr<const SeriesChunk>;

struct ResultData {
    QString elementId;    // stable id, "constant_l15"
    QString elementName;  // "Constant L1.5"
    QString name;         // attribute name, "size"
    double value = 0;
    QString unit;  // "bytes", "cycles", "GiB/s", ""
    bool fromApi = false;
    QString method;
    double confidence = 1;
    QString evidence;  // series id, empty for API values
    QString reason;
    QStringList names;   // sharedWith and similar lists
    int groupCount = 0;  // CU sharing groups
    std::vector<std::vector<int>> groups;  // the groups themselves (physical unit ids)
    bool lowerBound = false;
    bool upperBound = false;
    std::optional<LatencyStats> stats;
    // A reopened session's benchmark that was cut off while it measured this (empty: none). A row
    // with a cut-off benchmark and no attribute name stands for a benchmark that reported nothing.
    QString cutOff;
};

// The engine's Attribute a result was copied from: the one formatting helper and the engine's
// rules read it. A stopgap while the topology views and plots still hold ResultData (issue 17).
inline Attribute attributeOf(const ResultData& r) {
    Attribute a;
    a.name = r.name.toStdString();
    a.value = r.value;
    a.unit = r.unit.toStdString();
    a.source = r.fromApi ? Source::Api : Source::Benchmark;
    a.method = r.method.toStdString();
    a.confidence = r.confidence;
    a.evidence = r.evidence.toStdString();
    a.reason = r.reason.toStdString();
    a.stats = r.stats;
    for (const auto& n : r.names) a.names.push_back(n.toStdString());
    a.groups = r.groups;
    a.lowerBound = r.lowerBound;
    a.upperBound = r.upperBound;
    return a;
}

}  // namespace ts::gui

Q_DECLARE_METATYPE(ts::gui::SeriesChunkPtr)
Q_DECLARE_METATYPE(ts::gui::ResultData)
Q_DECLARE_METATYPE(ts::DeviceInfo)
