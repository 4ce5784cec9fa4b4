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

// Warm-up passes (a block warm-up reads in parallel: one pass's worth of loads counted once per
// thread-block-wide sweep is negligible), the second chaser's walks and the timed pass.
std::uint64_t dependentLoads(const ChaseRequest& request);
// A batch runs one row per unit side by side: as long as its longest row.
std::uint64_t dependentLoads(const std::vector<ChaseRequest>& batch);
std::uint64_t dependentLoads(const SequenceChase& request);
std::uint64_t dependentLoads(const EvictionTest& test);

}  // namespace ts
