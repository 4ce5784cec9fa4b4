#pragma once
#include <vector>

#include "benchmarks/run_context.hpp"
#include "benchmarks/targets.hpp"

namespace ts {

// How many copies of a unit-private cache one SM/CU has (fill A on warp 0, fill B on warp w, re-time A).
void measureAmount(RunContext& ctx, const CacheTarget& target);

// Which logical spaces are served by one physical cache: an equivalence over the targets
// (fill A in space X, fill B in space Y on the same thread, re-time A).
void measurePhysicalSharing(RunContext& ctx, const std::vector<CacheTarget>& targets);
inline constexpr char kPhysicalSharingSeries[] = "sharing.physical";  // its evidence

// Which units share one sL1d (AMD): groups of physical CU ids plus the disabled ids.
void measureCuSharing(RunContext& ctx, const CacheTarget& scalarTarget);

// L2: which units share a near segment (or instance), near and far hit latency, segment fraction.
void measureL2Segments(RunContext& ctx, const CacheTarget& l2Target);

// L2 (issue 39): every unit's hit latency in every segment the segments benchmark found, as a
// unit x segment matrix in its series, and how far the units' near and far latencies spread.
void measureL2Distance(RunContext& ctx, const CacheTarget& l2Target);

// Which SMs form a TPC and a GPC (issue 39), from where thread-block clusters of 2 to the largest
// size ran (NVIDIA sm_90 and later); elsewhere undecided with the backend's reason.
void measureSmLayout(RunContext& ctx);
inline constexpr char kSmLayoutSeries[] = "compute.layout";  // its evidence

}  // namespace ts
