#include <string>
#include <vector>

#include "analysis/cluster_layout.hpp"
#include "benchmarks/attributes.hpp"
#include "benchmarks/unit_benchmarks.hpp"
#include "model/attribute_names.hpp"

namespace ts {
namespace {

// sm_90 allows 8 blocks a cluster portably and 16 where a kernel opts in; no GPU allows more yet.
constexpr int kLargestClusterTried = 16;
// Launches per cluster size: the H100's GPCs were joined within a few (bench/cluster_probe.cu, 40).
constexpr int kLaunches = 16;

std::string unitsLabel(const std::vector<int>& units) {
    std::string text = "units";
    for (int u : units) text += " " + std::to_string(u);
    return text;
}

Attribute groupsAttribute(const char* name, const GroupFinding& f, int largest) {
    Attribute a;
    a.name = name;
    a.method = "thread-block cluster placement";
    a.evidence = kSmLayoutSeries;
    a.confidence = f.decided ? f.confidence : 0;
    a.value = f.decided ? static_cast<double>(f.groups.size()) : 0;
    a.groups = f.groups;
    a.lowerBound = f.atLeast;
    a.reason = f.reason + " (clusters of 2 to " + std::to_string(largest) + " blocks, one block per SM)";
    return a;
}

}  // namespace

void measureSmLayout(RunContext& ctx) {
    ctx.beginStep("SM Layout", "thread-block clusters of 2 and more, " + std::to_string(kLaunches) + " launches each");
    std::vector<ClusterSample> samples;
    std::vector<SeriesRow> rows;
    int largest = 0;
    try {
        for (int size = 2; size <= kLargestClusterTried; ++size) {
            const ClusterPlacement placed = ctx.backend().clusterPlacement({size, kLaunches});
            if (placed.maxActiveClusters == 0) break;
            largest = size;
            for (const auto& c : placed.clusters) {
                samples.push_back({size, c.launch, c.units});
                rows.push_back({static_cast<double>(size), static_cast<double>(c.launch), unitsLabel(c.units),
                                static_cast<double>(placed.maxActiveClusters), {}});
            }
        }
    } catch (const BackendError& e) {
        if (e.deviceLost()) throw;
        for (const char* name : {attr::tpcs, attr::gpcs}) ctx.report(Element::Compute, undecided(name, e.what()));
        return;
    }
    ctx.openSeries(kSmLayoutSeries, "SM Layout", SeriesKind::Sharing, Element::Compute);
    ctx.appendRows(kSmLayoutSeries, std::move(rows));
    Attribute clusterSize;
    clusterSize.name = attr::largestClusterSize;
    clusterSize.value = largest;
    clusterSize.source = Source::Api;
    clusterSize.method = "cluster occupancy";
    clusterSize.reason = "the largest cluster of one block per SM that the occupancy API lets run";
    ctx.report(Element::Compute, clusterSize);
    if (largest < 2) {
        for (const char* name : {attr::tpcs, attr::gpcs})
            ctx.report(Element::Compute, undecided(name, "no cluster of two blocks of one SM each can run"));
        return;
    }
    std::vector<int> units;
    for (int u = 0; u < ctx.device().unitCount; ++u) units.push_back(ctx.device().physicalId(u));
    const ClusterLayout layout = analyseClusterLayout(samples, units, kLaunches);
    ctx.report(Element::Compute, groupsAttribute(attr::tpcs, layout.tpcs, largest));
    ctx.report(Element::Compute, groupsAttribute(attr::gpcs, layout.gpcs, largest));
}

}  // namespace ts
