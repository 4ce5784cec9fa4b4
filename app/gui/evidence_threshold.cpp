#include "evidence_threshold.hpp"

#include <QCoreApplication>

#include <algorithm>

#include "analysis/analysis.hpp"
#include "analysis/miss_rule.hpp"

namespace ts::gui {
namespace {

Threshold split(const std::vector<std::uint32_t>& values, const QString& rule) {
    if (values.empty()) return {};
    const HitMissSplit s = splitHitMiss(values);
    if (!s.separable) return {};
    return {s.threshold, rule};
}

Threshold rowMinimaSplit(const Series& series) {
    std::vector<std::uint32_t> minima;
    for (const auto& row : series.rows)
        if (!row.latencies.empty()) minima.push_back(*std::min_element(row.latencies.begin(), row.latencies.end()));
    return split(
        minima, QCoreApplication::translate("ts::gui::Threshold", "hit/miss split of the fastest load of each stride"));
}

Threshold pooledSplit(const Series& series) {
    std::vector<std::uint32_t> pooled;
    for (const auto& row : series.rows) pooled.insert(pooled.end(), row.latencies.begin(), row.latencies.end());
    return split(pooled, QCoreApplication::translate("ts::gui::Threshold", "hit/miss split of every load"));
}

Threshold controlP99(const Series& series) {
    for (const auto& row : series.rows)
        if (row.label == "control" && !row.latencies.empty())
            return {hitReference(row.latencies).fence,
                    QCoreApplication::translate("ts::gui::Threshold",
                                                "far-out fence of the control row, Q3 + 3 IQR (miss rule)")};
    return {};
}

// Sharing rows carry either the engine's verdict (0 or 1) or, for L2 segments, the row's
// median latency, which the engine splits into near and far.
Threshold sharingThreshold(const Series& series) {
    const bool flags = std::all_of(series.rows.begin(), series.rows.end(),
                                   [](const SeriesRow& r) { return r.value == 0 || r.value == 1; });
    if (flags) return {};
    std::vector<std::uint32_t> medians;
    for (const auto& row : series.rows) medians.push_back(static_cast<std::uint32_t>(row.value));
    Threshold t = split(medians, QCoreApplication::translate(
                                     "ts::gui::Threshold",
                                     "near/far split of the row medians, for display: the engine compares each unit's "
                                     "slow and fast loads with the filler's"));
    if (t.value < 0 && !medians.empty())  // one level: every unit is near
        t = {static_cast<double>(*std::max_element(medians.begin(), medians.end())) + 1,
             QCoreApplication::translate("ts::gui::Threshold", "one latency level: every row near")};
    return t;
}

}  // namespace

Threshold evidenceThreshold(const Series& series) {
    switch (series.kind) {
        case SeriesKind::FetchGranularity:
            return rowMinimaSplit(series);
        case SeriesKind::LineSize:
            return pooledSplit(series);
        case SeriesKind::Amount:
            return controlP99(series);
        case SeriesKind::Sharing:
            return sharingThreshold(series);
        default:
            return {};
    }
}

}  // namespace ts::gui
