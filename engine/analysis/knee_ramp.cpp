#include "analysis/knee_ramp.hpp"

#include <algorithm>

#include "analysis/analysis.hpp"

namespace ts {

std::optional<double> missRampStart(const Series& sizeSweep, double kneeBytes) {
    std::vector<std::uint32_t> pooled;
    for (const SeriesRow& row : sizeSweep.rows)
        if (!isShownOnly(row)) pooled.insert(pooled.end(), row.latencies.begin(), row.latencies.end());
    const HitMissSplit split = splitHitMiss(pooled);
    if (!split.separable) return std::nullopt;
    std::optional<double> first;
    int rampRows = 0;
    for (const SeriesRow& row : sizeSweep.rows) {
        if (isShownOnly(row) || row.latencies.empty() || row.x >= 0.98 * kneeBytes) continue;
        const auto misses = std::count_if(row.latencies.begin(), row.latencies.end(),
                                          [&](std::uint32_t l) { return l > split.threshold; });
        if (static_cast<double>(misses) <= kRampMissShare * static_cast<double>(row.latencies.size())) continue;
        ++rampRows;
        first = std::min(first.value_or(row.x), row.x);
    }
    return rampRows >= 2 ? first : std::nullopt;
}

}  // namespace ts
