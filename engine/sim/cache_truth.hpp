#pragma once
// Truths of a simulated cache that its profile does not state outright, for judging what the
// benchmarks find (tests, calibration).
#include <cstdint>
#include <optional>

#include "sim/profile.hpp"

namespace ts {

// The largest contiguous array from the simulator's chase address that one instance of `cache`
// holds whole: the knee of a contiguous chase (issue 34), which a hashed index can put below the
// capacity. None for a cache of several segments, whose lines one unit's chase spreads over them.
std::optional<std::uint64_t> contiguousKneeBytes(const SimCache& cache);

}  // namespace ts
