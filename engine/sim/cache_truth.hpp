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

// Where the knee of a contiguous chase (issue 34) lies for one instance of `cache`, from the
// simulator's chase address: from the first array of which some set holds more lines than it has
// ways (below it every policy keeps every line) to the largest of which at most kKneeMissShare of
// a warm pass misses. Between the two, pseudo-LRU or random replacement loses an overflowing
// set's lines only now and then, which no sweep can tell from chance; past the second it cannot
// miss them. A hashed index can put both far below the capacity.
struct KneeTruth {
    std::uint64_t firstOverflowBytes = 0;
    std::uint64_t missShareBytes = 0;
};

// None for a cache of several segments, whose lines one unit's chase spreads over them, and for
// one of more than 2^17 lines (its walks would take too long for a test).
std::optional<KneeTruth> contiguousKneeTruth(const SimCache& cache);

}  // namespace ts
