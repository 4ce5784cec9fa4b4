#pragma once
#include "benchmarks/run_context.hpp"

namespace ts {

// Shared memory (NVIDIA) or LDS (AMD) load latency.
void measureScratchpadLatency(RunContext& ctx);

// Device memory latency from cold chases: with TLB misses (a page-sized stride) and
// without (strides inside pages).
void measureDeviceMemoryLatency(RunContext& ctx);

// Read, write and copy bandwidth of L2 and device memory, block and thread counts searched.
void measureBandwidth(RunContext& ctx);

}  // namespace ts
