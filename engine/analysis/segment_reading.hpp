#pragma once
// The latency of one unit's reading of an array another unit filled (L2 Distance, issue 39).
#include <cstdint>
#include <vector>

namespace ts {

// The lines a far reading may pay the far latency on before the rest comes from the reader's own
// segment (the H200: its first 32).
inline constexpr std::size_t kFarFirstLines = 32;

// `loads`: the reading's loads in load order, those a TLB miss slowed left out. The interquartile
// mean of them all, or of the first kFarFirstLines where those lie more than 5 % from the whole:
// a reading that turns near after its first lines is a far one. (A mean, not a median: medians of
// whole-cycle loads with a few cycles of jitter step by whole cycles, and the spread of a hundred
// of them is the jitter.) 0 for no loads.
double readingLatency(const std::vector<std::uint32_t>& loads);

}  // namespace ts
