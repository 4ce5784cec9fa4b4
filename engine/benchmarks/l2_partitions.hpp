#pragma once
#include "benchmarks/run_context.hpp"
#include "benchmarks/targets.hpp"

namespace ts {

// The L2's partitions as one unit sees them (issue 21, docs/methods.md "L2 partitions"): the
// capacity it reaches in a far partition, whether its far hits leave replicas in its near
// partition, and the capacity of data that units of two partitions both touched. Runs after
// "L2 Segments" and needs its groups and near/far latencies.
void measureL2Partitions(RunContext& ctx, const CacheTarget& l2Target);

// What the benchmark finds before it walks: two or more decided partitions with the L2's knee and
// their near and far latencies (Present), one partition (nothing near or far), not all of them, or
// a knee larger than one partition of the API's L2 holds (separate L2s, as an AMD GPU's XCDs have,
// whose "far" lines come from the next level).
enum class PartitionInputs { Present, OnePartition, Missing, SeparateL2s };
PartitionInputs l2PartitionInputs(const Topology& topology, Element l2);

}  // namespace ts
