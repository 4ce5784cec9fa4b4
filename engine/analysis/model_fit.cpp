#include "analysis/model_fit.hpp"

#include <algorithm>
#include <cmath>

namespace ts {

double touchedBlocks(std::size_t loads, double stride, double block) {
    if (loads == 0) return 0;
    if (block <= 0 || stride >= block) return static_cast<double>(loads);
    const double blocks = std::floor(static_cast<double>(loads - 1) * stride / block) + 1;
    return std::min(blocks, static_cast<double>(loads));
}

std::vector<double> missFractions(const std::vector<SeriesRow>& rows, double threshold) {
    std::vector<double> m;
    m.reserve(rows.size());
    for (const auto& row : rows) {
        const auto misses = std::count_if(row.latencies.begin(), row.latencies.end(),
                                          [&](std::uint32_t l) { return l > threshold; });
        m.push_back(row.latencies.empty() ? 0.0
                                          : static_cast<double>(misses) / static_cast<double>(row.latencies.size()));
    }
    return m;
}

double bestCandidateProbability(const std::vector<double>& sse, std::size_t best, std::size_t rows,
                                std::size_t params, double loadsPerRow) {
    if (sse.empty()) return 0;
    const double dof = rows > params ? static_cast<double>(rows - params) : 1.0;
    const double floor = loadsPerRow > 0 ? 1.0 / (loadsPerRow * loadsPerRow) : 1.0;
    const double variance = std::max(sse[best] / dof, floor);
    double total = 0;
    for (double e : sse) total += std::exp(-(e - sse[best]) / (2 * variance));
    return 1.0 / total;
}

double meanLoadsPerRow(const std::vector<SeriesRow>& rows) {
    if (rows.empty()) return 0;
    double loads = 0;
    for (const auto& row : rows) loads += static_cast<double>(row.latencies.size());
    return loads / static_cast<double>(rows.size());
}

}  // namespace ts
