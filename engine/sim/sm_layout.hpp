// The simulated GPU's SM -> TPC -> GPC layout (the profile's `compute.layout`, hidden truth) and
// where the hardware would place thread-block clusters on it.
#pragma once
#include <cstdint>
#include <vector>

#include "backend/backend.hpp"
#include "sim/profile.hpp"

namespace ts::sim_detail {

struct SmLayout {
    std::vector<std::vector<int>> tpcs;  // the SM ids (physical) of each TPC
    std::vector<std::vector<int>> gpcs;  // the TPC indexes of each GPC
};

// TPC t holds logical units t*s .. t*s+s-1 and goes to the next GPC in turn that still has room,
// so a GPC's SMs come in steps of the GPC count (the H100: SMs 2k, 2k+1, 2k+16, 2k+17, ...).
// Empty where the profile describes no layout.
SmLayout smLayout(const SimProfile& profile);

// The SM ids of each GPC, each ascending, the GPCs by their first id: the truth in the form the
// layout benchmark reports it (attribute gpcs' groups).
std::vector<std::vector<int>> gpcUnits(const SmLayout& layout);

// As many clusters of `request.clusterSize` SMs as fit at once, each inside one GPC, every launch;
// which TPCs of a GPC a cluster takes varies with the launch (`seed`). Throws a BackendError
// where the profile has no clusters.
ClusterPlacement placeClusters(const SimProfile& profile, const ClusterPlacementRequest& request, std::uint64_t seed);

}  // namespace ts::sim_detail
