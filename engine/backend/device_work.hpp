#pragma once
// How much dependent-load work a device call asks for: what the shared-GPU guard paces its
// sentinel chases by, so that watching costs a fixed share of the device time whatever the calls
// look like (a few long chases or hundreds of short eviction tests). Counted from the request
// alone, so the simulator samples at the same points on every run.
#include <cstdint>
#include <vector>

#include "backend/backend.hpp"
#include "backend/eviction_test.hpp"
#include "backend/sequence_chase.hpp"

namespace ts {

// Lines a whole block reads in the time one thread makes one dependent load: a pool of an L2's
// size read one load after another takes some 0.1 s, by a block of 1024 threads about 1 ms (H100).
inline constexpr std::uint64_t kBlockReadParallelism = 100;

// Warm-up passes (a block warm-up at kBlockReadParallelism), the second chaser's walks and the
// timed pass.
std::uint64_t dependentLoads(const ChaseRequest& request);
// A batch runs one row per unit side by side: as long as its longest row.
std::uint64_t dependentLoads(const std::vector<ChaseRequest>& batch);
std::uint64_t dependentLoads(const SequenceChase& request);
// The chosen lines one by one, the pool's prefix by a whole block (the CUDA kernel; the simulator
// walks it one by one, but pacing stands for a GPU's time).
std::uint64_t dependentLoads(const EvictionTest& test);

}  // namespace ts
