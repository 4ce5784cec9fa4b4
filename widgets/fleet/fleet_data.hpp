#pragma once
// A fleet comparison as the fleet view reads it: the GPUs, the key attributes, one cell per
// GPU and attribute with the outlier verdict, and each GPU's topology (the engine's model)
// for the diagrams. app/gui fills it from ts::fleet::compare(), which the widgets do not link.
#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

#include "model/topology.hpp"

namespace ts::gui {

struct FleetAttributeData {
    QString id;     // "l2.size"
    QString label;  // "L2 size (measured)"
    QString unit;   // "B", "cycles", "GiB/s", "MHz", "" (a count)
    std::optional<double> median;  // of the GPUs that have a value, when the rule could judge
    QStringList elementIds;        // the diagram's elements it belongs to ("l2"; "l1", "vl1"); empty: the device
};

struct FleetCellData {
    std::optional<double> value;  // none: not in the report, or the benchmark could not decide
    double robustZ = 0;           // 0.6745 (x - median) / MAD; +-inf when MAD = 0 and x != median
    bool outlier = false;
};

struct FleetMemberData {
    QString host;  // empty: not known (a plain report)
    int rank = 0;
    int deviceIndex = 0;
    QString uuid;  // empty: not known
    bool uuidSynthetic = false;
    QString label;   // the engine's label: "node1 GPU 0 (rank 3)" or the file name
    QString source;  // file it was read from
    Topology topology;  // the member's report as it was read
};

struct FleetData {
    std::vector<FleetAttributeData> attributes;
    std::vector<FleetMemberData> members;
    std::vector<std::vector<FleetCellData>> cells;  // [member][attribute]
    QStringList notes;                              // the engine's: missing values, undecided attributes
    int minimumMembers = 3;                         // fewer GPUs: the rule gives no verdict

    bool judged() const { return static_cast<int>(members.size()) >= minimumMembers; }
    int outlierCount() const;
    int outlierAttributeCount() const;  // attributes with at least one outlier
    const FleetCellData* cell(int member, int attribute) const;  // nullptr out of range
    std::vector<int> outlierAttributes(int member) const;  // indices, in attribute order
};

// "node1 · 0 · 3f2a9c1b": host (or the file name when unknown), device index, UUID short.
QString fleetRowLabel(const FleetMemberData& member);
// The value in the attribute's unit as format.hpp writes it: "25 MiB", "220.0 cycles".
QString formatFleetValue(double value, const QString& unit);
// "4.2", "-13.7", "+∞", "−∞".
QString formatRobustZ(double z);

}  // namespace ts::gui
