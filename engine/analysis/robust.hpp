#pragma once
// Small order statistics shared by the decision rules.
#include <vector>

namespace ts {

// Linear interpolation between closest ranks: q = 0.5 is the median. `sorted` must be ascending.
double quantileSorted(const std::vector<double>& sorted, double q);
double median(std::vector<double> values);
// 1.4826 * median absolute deviation from the median: a standard deviation that ignores outliers.
double robustSigma(const std::vector<double>& values);

}  // namespace ts
