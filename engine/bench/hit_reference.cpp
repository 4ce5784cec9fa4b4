#include "bench/hit_reference.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace ts {
namespace {

double quantile(std::vector<std::uint32_t> values, double q) {
    if (values.empty()) return 0;
    std::sort(values.begin(), values.end());
    const auto index = static_cast<std::size_t>(std::ceil(q * static_cast<double>(values.size()))) ;
    return values[std::min(values.size() - 1, index == 0 ? 0 : index - 1)];
}

}  // namespace

double median(std::vector<std::uint32_t> values) { return quantile(std::move(values), 0.5); }

double meanOf(const std::vector<std::uint32_t>& values) {
    if (values.empty()) return 0;
    return std::accumulate(values.begin(), values.end(), 0.0) / static_cast<double>(values.size());
}

HitReference hitReference(const std::vector<std::uint32_t>& hits) {
    const double q1 = quantile(hits, 0.25);
    const double q3 = quantile(hits, 0.75);
    return {quantile(hits, 0.5), q3 + 3 * (q3 - q1)};
}

double shareAbove(double cut, const std::vector<std::uint32_t>& row) {
    if (row.empty()) return 0;
    const auto above = std::count_if(row.begin(), row.end(), [&](std::uint32_t l) { return l > cut; });
    return static_cast<double>(above) / static_cast<double>(row.size());
}

bool differentLevels(const std::vector<std::uint32_t>& a, const std::vector<std::uint32_t>& b) {
    const double ma = median(a), mb = median(b);
    return ma > 1.5 * mb || mb > 1.5 * ma;
}

bool showsMisses(const HitReference& reference, const std::vector<std::uint32_t>& row) {
    return median(row) > reference.fence;
}

}  // namespace ts
