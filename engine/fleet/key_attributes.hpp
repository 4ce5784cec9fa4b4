#pragma once
// The fixed list of attributes a fleet comparison looks at (docs/fleet.md lists them).
#include <optional>
#include <string>
#include <vector>

#include "model/topology.hpp"

namespace ts::fleet {

struct KeyAttribute {
    std::string id, label, unit;   // e.g. {"l2.size_per_sm", "L2 usable size per SM", "B"}
    // Differences at or below this many units are measurement resolution, never an outlier
    // (1 cycle for latencies that are medians of whole cycles; 0 elsewhere).
    double resolution = 0;
    // The elements it is read from ("l1": the NVIDIA L1 or the AMD vL1), so a view can point at
    // them; empty for the device's own facts.
    std::vector<Element> elements = {};
};

// In display order: sizes, latencies, bandwidths, then API facts (unit count, clocks, memory).
const std::vector<KeyAttribute>& keyAttributes();

// The attribute's value in `topology`, in the KeyAttribute's unit; nullopt when the report
// does not have it, or the benchmark could not decide (confidence 0). Vendor-neutral: "l1"
// is the NVIDIA L1 or the AMD vL1, "shared" the shared memory or the LDS.
std::optional<double> keyValue(const Topology& topology, const std::string& attributeId);

}  // namespace ts::fleet
