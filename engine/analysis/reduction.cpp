#include <algorithm>
#include <cmath>
#include <limits>

#include "analysis/analysis.hpp"
#include "analysis/robust.hpp"

namespace ts {
namespace {

// Latencies below this are a cache in front of the one the sweep is for: the sweep's smallest
// array hits the level under test, so where most of its loads take at least 1.5 times the
// fastest latency seen (kDistinctLevelRatio, hit_miss.cpp), the faster loads are a front cache's
// leftover hits (a random-replacement constant L1 keeps a quarter of an array twice its size).
// Counted as they are, they become the fastest level, the cap below sits at the level under test,
// and its own knee vanishes. 0 where the smallest array hits the fastest level.
double frontCacheFloor(const Series& sweep, std::uint32_t fastest) {
    const auto smallest = std::min_element(sweep.rows.begin(), sweep.rows.end(),
                                           [](const SeriesRow& a, const SeriesRow& b) { return a.x < b.x; });
    if (smallest == sweep.rows.end() || smallest->latencies.empty()) return 0;
    const double own = median(std::vector<double>(smallest->latencies.begin(), smallest->latencies.end()));
    return own >= 1.5 * fastest ? own : 0;
}

}  // namespace

// MT4G's reduction (Eq. 2): r_i = sqrt( (1/n_i) * sum_j (l_ij - g)^2 ), g = the smallest latency of
// the whole sweep. Ours first raises the loads a front cache answered to the level under test
// (frontCacheFloor), then caps every latency at the level that misses of the fastest level go
// to (the median of the next slower level), so that a sweep that runs on into a third level (DRAM
// behind the L2) cannot outweigh the knee of the cache under test, and an outlier weighs no more
// than a miss.
std::vector<double> reduceSweep(const Series& sweep) {
    std::uint32_t fastest = std::numeric_limits<std::uint32_t>::max();
    for (const auto& row : sweep.rows)
        for (auto l : row.latencies) fastest = std::min(fastest, l);
    const auto floor = static_cast<std::uint32_t>(frontCacheFloor(sweep, fastest));
    std::vector<std::uint32_t> pooled;
    std::uint32_t global = std::numeric_limits<std::uint32_t>::max();
    for (const auto& row : sweep.rows)
        for (auto l : row.latencies) {
            pooled.push_back(std::max(l, floor));
            global = std::min(global, pooled.back());
        }
    const HitMissSplit levels = splitFastestLevel(pooled);
    const double cap = levels.separable ? levels.missLevel : std::numeric_limits<double>::max();

    std::vector<double> reduced;
    reduced.reserve(sweep.rows.size());
    for (const auto& row : sweep.rows) {
        double squares = 0;
        for (auto l : row.latencies) {
            const double d = std::min(static_cast<double>(std::max(l, floor)), cap) - static_cast<double>(global);
            squares += d * d;
        }
        reduced.push_back(row.latencies.empty() ? 0.0 : std::sqrt(squares / static_cast<double>(row.latencies.size())));
    }
    return reduced;
}

}  // namespace ts
