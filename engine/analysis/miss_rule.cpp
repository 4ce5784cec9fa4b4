#include "analysis/miss_rule.hpp"

#include <algorithm>

#include "analysis/robust.hpp"

namespace ts {

double missThreshold(const std::vector<std::uint32_t>& hits) {
    if (hits.empty()) return 0;
    const std::vector<double> sorted = [&] {
        std::vector<double> v(hits.begin(), hits.end());
        std::sort(v.begin(), v.end());
        return v;
    }();
    const double q1 = quantileSorted(sorted, 0.25);
    const double q3 = quantileSorted(sorted, 0.75);
    return q3 + 3 * (q3 - q1);
}

HitReference hitReference(const std::vector<std::uint32_t>& hits) { return {median(hits), missThreshold(hits)}; }

// "Its median lies above the fence" counted directly: more than half of its loads do. For a row of
// even length with exactly half its loads above, the interpolated median may sit above the fence
// although no majority of the loads missed; that row does not show misses.
bool showsMisses(const HitReference& reference, const std::vector<std::uint32_t>& row) {
    return !row.empty() && shareAbove(reference.fence, row) > 0.5;
}

double shareAbove(double cut, std::span<const std::uint32_t> row) {
    if (row.empty()) return 0;
    const auto above = std::count_if(row.begin(), row.end(), [&](std::uint32_t l) { return l > cut; });
    return static_cast<double>(above) / static_cast<double>(row.size());
}

bool differentLevels(const std::vector<std::uint32_t>& a, const std::vector<std::uint32_t>& b) {
    const double ma = median(a), mb = median(b);
    return ma > 1.5 * mb || mb > 1.5 * ma;
}

}  // namespace ts
