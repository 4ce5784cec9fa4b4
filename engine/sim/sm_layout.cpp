#include "sim/sm_layout.hpp"

#include <algorithm>
#include <random>

namespace ts::sim_detail {

SmLayout smLayout(const SimProfile& profile) {
    const SimCompute& c = profile.compute;
    SmLayout layout;
    if (c.tpcsPerGpc.empty()) return layout;
    layout.gpcs.resize(c.tpcsPerGpc.size());
    const int tpcCount = c.smCount / c.smsPerTpc;
    std::size_t next = 0;
    for (int t = 0; t < tpcCount; ++t) {
        std::vector<int> sms;
        for (int s = 0; s < c.smsPerTpc; ++s) sms.push_back(profile.physicalUnit(t * c.smsPerTpc + s));
        layout.tpcs.push_back(std::move(sms));
        while (static_cast<int>(layout.gpcs[next].size()) >= c.tpcsPerGpc[next]) next = (next + 1) % layout.gpcs.size();
        layout.gpcs[next].push_back(t);
        next = (next + 1) % layout.gpcs.size();
    }
    return layout;
}

std::vector<std::vector<int>> gpcUnits(const SmLayout& layout) {
    std::vector<std::vector<int>> gpcs;
    for (const auto& gpc : layout.gpcs) {
        std::vector<int> sms;
        for (int t : gpc) sms.insert(sms.end(), layout.tpcs[static_cast<std::size_t>(t)].begin(), layout.tpcs[static_cast<std::size_t>(t)].end());
        std::sort(sms.begin(), sms.end());
        gpcs.push_back(std::move(sms));
    }
    std::sort(gpcs.begin(), gpcs.end());
    return gpcs;
}

ClusterPlacement placeClusters(const SimProfile& profile, const ClusterPlacementRequest& request, std::uint64_t seed) {
    const SimCompute& c = profile.compute;
    if (c.tpcsPerGpc.empty() || c.maxClusterSize == 0)
        throw BackendError("the simulated " + profile.name + " has no thread-block clusters (sm_90 and later)");
    ClusterPlacement out;
    const int size = request.clusterSize;
    if (size < 1 || size > c.maxClusterSize) return out;
    const SmLayout layout = smLayout(profile);
    for (const auto& gpc : layout.gpcs) out.maxActiveClusters += static_cast<int>(gpc.size()) * c.smsPerTpc / size;
    std::mt19937_64 rng(seed);
    for (int launch = 0; launch < request.launches; ++launch)
        for (const auto& gpc : layout.gpcs) {
            std::vector<int> order = gpc;
            std::shuffle(order.begin(), order.end(), rng);
            std::vector<int> sms;
            for (int t : order) sms.insert(sms.end(), layout.tpcs[static_cast<std::size_t>(t)].begin(), layout.tpcs[static_cast<std::size_t>(t)].end());
            for (std::size_t first = 0; first + static_cast<std::size_t>(size) <= sms.size(); first += static_cast<std::size_t>(size))
                out.clusters.push_back({launch, std::vector<int>(sms.begin() + static_cast<long>(first),
                                                                 sms.begin() + static_cast<long>(first) + size)});
        }
    return out;
}

}  // namespace ts::sim_detail
