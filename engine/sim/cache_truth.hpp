#pragma once
// Truths of a simulated cache that its profile does not state outright, for judging what the
// benchmarks find (tests, calibration).
#include <cstdint>
#include <optional>

#include "sim/profile.hpp"

namespace ts {

// The share of a warm pass's loads that may miss below the knee: what a size sweep's rows of 1024
// timed loads can tell from chance (docs/methods.md, "Size").
inline constexpr double kKneeMissShare = 0.01;

// The largest contiguous array from the simulator's chase address of which one instance of
// `cache` misses at most kKneeMissShare of a warm pass's lines: the knee of a contiguous chase
// (issue 34), which a hashed index can put below the capacity. Under random or pseudo-LRU
// replacement a set one line over its ways loses a line now and then, not every pass, so the
// first overflowing set (CacheSim::linesThatFitInARow) can lie far below it. None for a cache of
// several segments, whose lines one unit's chase spreads over them, and for one of more than
// 2^17 lines (its walks would take too long).
std::optional<std::uint64_t> contiguousKneeBytes(const SimCache& cache);

}  // namespace ts
