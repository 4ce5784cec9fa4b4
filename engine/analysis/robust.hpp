#pragma once
// Small order statistics shared by the decision rules: the engine's one quantile rule and one median.
#include <algorithm>
#include <vector>

namespace ts {

// Linear interpolation between closest ranks (position q(n-1), docs/methods.md): q = 0.5 is the
// median. `sorted` must be ascending; an empty vector gives 0.
double quantileSorted(const std::vector<double>& sorted, double q);

// quantileSorted of any numeric samples (cycles as std::uint32_t, values as double), unsorted.
template <typename T>
double quantile(const std::vector<T>& values, double q) {
    std::vector<double> sorted(values.begin(), values.end());
    std::sort(sorted.begin(), sorted.end());
    return quantileSorted(sorted, q);
}

template <typename T>
double median(const std::vector<T>& values) {
    return quantile(values, 0.5);
}

// The mean of the middle half of the values (those from the first to the third quartile's rank):
// as blind to outliers as the median, and steadier where the samples are whole cycles with a few
// cycles of jitter, which a median only ever moves by whole cycles. 0 for no values.
double interquartileMean(std::vector<double> values);

// Median absolute deviation from the median (unscaled; 0 for no values).
double medianAbsoluteDeviation(const std::vector<double>& values);

// 1.4826 * median absolute deviation from the median: a standard deviation that ignores outliers.
double robustSigma(const std::vector<double>& values);

}  // namespace ts
