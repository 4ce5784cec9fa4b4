#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "benchmarks/run_context.hpp"

namespace ts {

// Shared memory (NVIDIA) or LDS (AMD) load latency.
void measureScratchpadLatency(RunContext& ctx);

// Device memory latency from cold chases: with TLB misses (a page-sized stride) and
// without (strides inside pages).
void measureDeviceMemoryLatency(RunContext& ctx);

// Read, write and copy bandwidth of L2 and device memory, block and thread counts searched.
// `rooflineRuns`: the roofline measures the reads and writes (measureLevelBandwidth), this the copies.
void measureBandwidth(RunContext& ctx, bool rooflineRuns = false);

// Where a run measured no size for an SM/CU-private cache, the roofline and the write policy use
// this much of it: held by every L1 and vL1 of the GPUs we know of (NVIDIA since Volta, AMD since
// GCN); their reasons say so.
inline constexpr std::uint64_t kUnmeasuredUnitCacheBytes = 8 << 10;

// One benchmark of several failed (out of memory, a kernel fault): recorded, announced, and its
// attributes marked failed; the others still run.
void reportFailedBenchmark(RunContext& ctx, Element element, const std::vector<std::string>& names, const std::string& title,
                           const std::string& why);

// The working sets of the bandwidth benchmarks, from this run's measured sizes unless another
// context disturbed them (then the API's hint); 0 where nothing tells (an L3 not measured).
struct BandwidthWorkingSets {
    std::uint64_t l2 = 0;      // half the L2's measured size (a quarter of the API's)
    std::uint64_t l3 = 0;      // half the L3's measured size
    std::uint64_t memory = 0;  // 1 GiB, or an eighth of a smaller device memory
};
BandwidthWorkingSets bandwidthWorkingSets(const RunContext& ctx);

// The roofline (issue 38): read bandwidth of every level against warps per SM/CU and loads in
// flight per thread; its plateau, the least occupancy reaching 90 % of it, Little's law beside it.
void measureLevelBandwidth(RunContext& ctx);

// Write-allocate or not, write-back or write-through, of the L1 (vL1) and the L2 (issue 38).
void measureWritePolicy(RunContext& ctx);

}  // namespace ts
