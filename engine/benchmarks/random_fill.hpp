#pragma once
// The random-fill walks (docs/methods.md, "Random fill") and their evidence rows: for caches too
// large for an eviction-set search, how many of a random set of lines survive.
#include <cstdint>
#include <string>

#include "analysis/random_fill_measurement.hpp"
#include "benchmarks/run_context.hpp"

namespace ts {

// Runs them on `space`'s cache of `capacityLines` lines of `lineBytes` (a load above `threshold`
// missed it). Rows in `series`: "random-region" (x = lines the random lines come from, x2 = the
// capacity), "random-fill" (x = loads counted, x2 = hits, value = fraction of the capacity),
// "reuse-first-half" and "reuse-second-half" (x = loads counted, x2 = hits).
RandomFillMeasurement measureRandomFill(RunContext& ctx, Space space, std::uint64_t capacityLines, std::uint64_t lineBytes,
                                        double threshold, const std::string& series);
// The measurement as those rows of `series` hold it (not complete where they are missing), sized
// by the capacity the walks were sized by (x2 of "random-region": the knee, not the capacity the
// walks may have fitted).
RandomFillMeasurement randomFillFromRows(const Series& series);

}  // namespace ts
