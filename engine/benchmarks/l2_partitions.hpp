#pragma once
#include "benchmarks/run_context.hpp"
#include "benchmarks/targets.hpp"

namespace ts {

// The L2's partitions as one unit sees them (issue 21, docs/methods.md "L2 partitions"): the
// capacity it reaches in a far partition, whether its far hits leave replicas in its near
// partition, and the capacity of data that units of two partitions both touched. Runs after
// "L2 Segments" and needs its groups and near/far latencies.
void measureL2Partitions(RunContext& ctx, const CacheTarget& l2Target);

}  // namespace ts
