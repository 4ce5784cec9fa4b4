#include <algorithm>
#include <cmath>
#include <limits>

#include "analysis/analysis.hpp"

namespace ts {

// MT4G's reduction (Eq. 2): r_i = sqrt( (1/n_i) * sum_j (l_ij - g)^2 ), g = the smallest latency of
// the whole sweep. Ours first caps every latency at the level that misses of the fastest level go
// to (the median of the next slower level), so that a sweep that runs on into a third level (DRAM
// behind the L2) cannot outweigh the knee of the cache under test, and an outlier weighs no more
// than a miss.
std::vector<double> reduceSweep(const Series& sweep) {
    std::vector<std::uint32_t> pooled;
    std::uint32_t global = std::numeric_limits<std::uint32_t>::max();
    for (const auto& row : sweep.rows) {
        pooled.insert(pooled.end(), row.latencies.begin(), row.latencies.end());
        for (auto l : row.latencies) global = std::min(global, l);
    }
    const HitMissSplit levels = splitFastestLevel(pooled);
    const double cap = levels.separable ? levels.missLevel : std::numeric_limits<double>::max();

    std::vector<double> reduced;
    reduced.reserve(sweep.rows.size());
    for (const auto& row : sweep.rows) {
        double squares = 0;
        for (auto l : row.latencies) {
            const double d = std::min(static_cast<double>(l), cap) - static_cast<double>(global);
            squares += d * d;
        }
        reduced.push_back(row.latencies.empty() ? 0.0 : std::sqrt(squares / static_cast<double>(row.latencies.size())));
    }
    return reduced;
}

}  // namespace ts
