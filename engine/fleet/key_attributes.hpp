#pragma once
// The fixed list of attributes a fleet comparison looks at (docs/fleet.md lists them).
#include <optional>
#include <string>
#include <vector>

#include "model/fleet_comparison.hpp"
#include "model/topology.hpp"

namespace ts::fleet {

using KeyAttribute = ts::FleetAttribute;  // model/fleet_comparison.hpp

// In display order: sizes, latencies, bandwidths, then API facts (unit count, clocks, memory).
const std::vector<KeyAttribute>& keyAttributes();

// The attribute's value in `topology`, in the KeyAttribute's unit; nullopt when the report
// does not have it, or the benchmark could not decide (confidence 0). Vendor-neutral: "l1"
// is the NVIDIA L1 or the AMD vL1, "shared" the shared memory or the LDS.
std::optional<double> keyValue(const Topology& topology, const std::string& attributeId);

// The measured attribute keyValue reads (for its confidence and marks); nullptr for an API fact or
// where the report does not have it.
const Attribute* keySource(const Topology& topology, const std::string& attributeId);

// The benchmark group (toposcope-cli --only) that measures it; "" for an API fact.
std::string measuringGroup(const KeyAttribute& attribute);

}  // namespace ts::fleet
