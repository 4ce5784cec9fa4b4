#pragma once
// Misses that begin before a size sweep's knee (issue 34): a hashed index overflows a few sets
// of a contiguous array long before the rest, so a share of every row misses (a ramp) while the
// rows' medians, and the K-S step on them, still say "hit" up to the capacity.
#include <optional>

#include "model/series.hpp"

namespace ts {

// A row misses on the ramp when more than this share of its loads miss: a few times the delayed
// loads and cold starts a row of hits shows (up to 1 % on the simulator).
inline constexpr double kRampMissShare = 0.02;

// The smallest array of `sizeSweep` (rows x = array bytes, loads in `latencies`) below
// `kneeBytes` x 0.98 whose loads miss more than kRampMissShare, where at least two rows below
// the knee do (one row alone may be a blip); none without such rows or without a hit/miss split
// over all the sweep's loads. Shown-only rows take no part.
std::optional<double> missRampStart(const Series& sizeSweep, double kneeBytes);

}  // namespace ts
