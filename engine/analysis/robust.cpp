#include "analysis/robust.hpp"

#include <cmath>

namespace ts {

double quantileSorted(const std::vector<double>& sorted, double q) {
    if (sorted.empty()) return 0;
    const double pos = q * static_cast<double>(sorted.size() - 1);
    const auto lo = static_cast<std::size_t>(std::floor(pos));
    const auto hi = std::min(lo + 1, sorted.size() - 1);
    const double frac = pos - static_cast<double>(lo);
    return sorted[lo] + frac * (sorted[hi] - sorted[lo]);
}

double medianAbsoluteDeviation(const std::vector<double>& values) {
    if (values.empty()) return 0;
    const double m = median(values);
    std::vector<double> deviations;
    deviations.reserve(values.size());
    for (double v : values) deviations.push_back(std::fabs(v - m));
    return median(deviations);
}

double interquartileMean(std::vector<double> values) {
    if (values.empty()) return 0;
    std::sort(values.begin(), values.end());
    const std::size_t n = values.size();
    const std::size_t from = n / 4, to = n - n / 4;  // [from, to): the middle half, all of 1-3 values
    double sum = 0;
    for (std::size_t i = from; i < to; ++i) sum += values[i];
    return sum / static_cast<double>(to - from);
}

double robustSigma(const std::vector<double>& values) { return 1.4826 * medianAbsoluteDeviation(values); }

}  // namespace ts
