#pragma once
// Shared pieces of the rules that pick a size (fetch granularity, line size) by fitting a
// miss model to the miss fraction of every row.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "model/series.hpp"

namespace ts {

// Blocks of `block` bytes that a sequential chase of `loads` loads with `stride` bytes touches
// when it starts at a block boundary: floor((loads - 1) * stride / block) + 1, at most `loads`.
double touchedBlocks(std::size_t loads, double stride, double block);

// Fraction of each row's loads above `threshold`.
std::vector<double> missFractions(const std::vector<SeriesRow>& rows, double threshold);

// Probability of the best candidate among models scored by their sum of squared errors over
// `rows` per-row fractions, assuming independent Gaussian row errors with the variance left by the
// best model (residual variance over rows - params, at least one load's worth, 1/loadsPerRow^2).
double bestCandidateProbability(const std::vector<double>& sse, std::size_t best, std::size_t rows,
                                std::size_t params, double loadsPerRow);

double meanLoadsPerRow(const std::vector<SeriesRow>& rows);

}  // namespace ts
