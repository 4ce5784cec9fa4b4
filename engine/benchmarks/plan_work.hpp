#pragma once
// The plan's estimate of each benchmark's work (PlanItem::work), which the progress bar and the ETA
// go by (PlanProgress). Only the ratios matter: the pace is measured as the run goes. The figures
// are seconds of the window's paced simulator run (bench/pace_bench.cpp: a pacing-bound benchmark
// takes about its number of device calls times the pace, at most the pace's budget), plus, for a
// memory-side cache, the work that grows with its size.
#include <functional>
#include <optional>

#include "model/device_info.hpp"
#include "model/topology.hpp"
#include "model/space.hpp"

namespace ts {

enum class WorkKind {
    Timer,
    FetchGranularity,
    Size,
    LineSize,
    Latency,
    MissPenalty,
    Associativity,
    ReplacementPolicy,
    Moment,  // nothing to walk: a set structure taken from another cache, one L2 partition
    Amount,
    PhysicalSharing,
    CuSharing,
    Sweep,  // the L2's segments and distance, bandwidth, TLB levels: a budget's worth
    Partitions,
};

double estimatedWork(WorkKind kind, Element element, const DeviceInfo& device);

// Revisions once earlier results are in (PlanItem::workGiven; nullopt: as estimated).
using WorkGiven = std::function<std::optional<double>(const Topology&)>;
// afterSharing: a set structure the sharing may find taken from another cache.
WorkGiven associativityWorkGiven(Element element, const DeviceInfo& device, bool afterSharing);
// Also a moment's work where the associativity decided no ways (nothing to probe) or decided them
// by random fills (the walks decided the policy too).
WorkGiven policyWorkGiven(Element element, const DeviceInfo& device, bool afterSharing);
// A moment's work where the L2 has one partition.
WorkGiven partitionsWorkGiven(const DeviceInfo& device);

}  // namespace ts
