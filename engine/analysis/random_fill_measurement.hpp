#pragma once
// What the random-fill walks measured (analysis/random_fill.hpp decides from it).
#include <cstdint>
#include <iterator>
#include <vector>

namespace ts {

// The experiments, as the benchmark runs them and the predictions model them; line counts are
// fractions of the capacity (the contiguous knee, which the capacity is fitted from). The longest
// loads 2 x the capacity's lines (a sequence chase takes up to 2^23 loads: twice an MI300X's
// Infinity Cache).
// Fill: that many random lines walked twice, the second pass timed. Where the lines number the
// capacity, the share that survives hardly depends on the ways (about 0.42 for 8 to 32 under
// LRU), so the last fill fits the capacity; the first tells the ways apart.
inline constexpr double kRandomFillFractions[] = {0.75, 1.0};
inline constexpr std::size_t kCapacityFill = 1;
// Reuse: lines A walked, the first half of A walked again, new lines B walked, then every
// kReuseSampleStep-th line of A timed, in A's order. LRU keeps A's first half (used last),
// FIFO its second (filled last), random neither.
inline constexpr double kReuseFirstLines = 0.5;
inline constexpr double kReuseNewLines = 0.5;
inline constexpr std::uint32_t kReuseSampleStep = 4;

struct HitCount {
    double timed = 0;
    double hits = 0;
    double share() const { return timed > 0 ? hits / timed : 0; }
};

// Random lines come from a region of this many times the capacity (fewer where the GPU's memory
// is smaller, but at least kMinRegionFactor): a set's share of them is then nearly a Poisson
// count, whether the index spreads the region evenly over the sets or at random.
inline constexpr std::uint64_t kRegionFactor = 64;
inline constexpr std::uint64_t kMinRegionFactor = 8;

struct RandomFillMeasurement {
    std::uint64_t capacityLines = 0;
    std::uint64_t regionLines = 0;  // the lines were drawn from this many
    std::vector<HitCount> fills;  // one per kRandomFillFractions
    HitCount reuseFirstHalf, reuseSecondHalf;
    bool complete() const;
};

}  // namespace ts
