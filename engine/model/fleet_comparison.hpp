#pragma once
// A fleet comparison (ts::fleet::compare): the GPUs, the key attributes, one cell per GPU and
// attribute with the outlier verdict, and each GPU's report. Plain values, so that the CLI and
// the fleet view read the same result.
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "model/space.hpp"
#include "model/topology.hpp"

namespace ts {

// One of the fixed attributes a comparison looks at (engine/fleet/key_attributes lists them).
struct FleetAttribute {
    std::string id, label, unit;   // e.g. {"l2.size_per_sm", "L2 usable size per SM", "B"}
    // Differences at or below this many units are measurement resolution, never an outlier
    // (1 cycle for latencies that are medians of whole cycles; 0 elsewhere).
    double resolution = 0;
    // The elements it is read from ("l1": the NVIDIA L1 or the AMD vL1), so a view can point at
    // them; empty for the device's own facts.
    std::vector<Element> elements = {};
};

struct FleetCell {
    std::optional<double> value;   // none: not in the report, or the benchmark could not decide
    double robustZ = 0;            // 0.6745 (x - median) / MAD; +-inf when MAD = 0 and x != median
    bool outlier = false;
};

// One GPU of a fleet and where it ran.
struct FleetMember {
    std::string host;              // host name the GPU sits in ("" when unknown, e.g. a plain report)
    int rank = 0;                  // MPI rank / Slurm task that measured it (0 without a launcher)
    int deviceIndex = 0;           // GPU index on its host, as the backend numbers them
    std::string uuid;              // from the API (CUDA/NVML); synthetic for the simulator; "" when unknown
    bool uuidSynthetic = false;    // true: derived from simulator profile + rank + index, not from hardware
    Topology report;               // the full TopoScope report of that GPU
    std::string source;            // file it was read from ("" when built in memory); not written
};

struct FleetComparison {
    std::vector<FleetAttribute> attributes;
    std::vector<FleetMember> members;             // as compared, in input order
    std::vector<std::string> memberLabels;        // "host GPU 0 (rank 3)" or the file name
    std::vector<std::vector<FleetCell>> cells;    // [member][attribute]
    std::vector<std::optional<double>> medians;   // [attribute]: what the rule judged against; none without a verdict
    std::vector<std::string> notes;               // undecided attributes, missing values, duplicates
    std::size_t minimumMembers = 3;               // fewer GPUs: the rule gives no verdict

    bool judged() const { return members.size() >= minimumMembers; }
    std::size_t outlierCount() const;
    std::size_t outlierAttributeCount() const;    // attributes with at least one outlier
    const FleetCell* cell(int member, int attribute) const;  // nullptr out of range
    std::vector<int> outlierAttributes(int member) const;    // indices, in attribute order
};

}  // namespace ts
