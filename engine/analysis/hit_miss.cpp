#include <algorithm>
#include <cmath>
#include <numeric>

#include "analysis/analysis.hpp"
#include "analysis/robust.hpp"

namespace ts {

// The timer's resolution as seen in the data: the greatest common divisor of the distinct latencies
// (1 on a cycle counter, 4 where the counter steps by 4).
double timerQuantum(const std::vector<std::uint32_t>& latencies) {
    std::uint32_t g = 0;
    for (auto l : latencies) g = std::gcd(g, l);
    return g ? static_cast<double>(g) : 1.0;
}

namespace {

struct OtsuCut {
    std::vector<double> sorted;
    std::size_t cut = 0;  // sorted[0, cut) is the low class; 0: a single distinct value
};

OtsuCut otsu(const std::vector<std::uint32_t>& latencies) {
    OtsuCut o;
    o.sorted.assign(latencies.begin(), latencies.end());
    std::sort(o.sorted.begin(), o.sorted.end());
    const auto& sorted = o.sorted;
    const std::size_t n = sorted.size();
    const double total = std::accumulate(sorted.begin(), sorted.end(), 0.0);
    double best = -1, below = 0;
    for (std::size_t i = 1; i < n; ++i) {
        below += sorted[i - 1];
        if (sorted[i] == sorted[i - 1]) continue;
        const double w0 = static_cast<double>(i) / static_cast<double>(n);
        const double m0 = below / static_cast<double>(i);
        const double m1 = (total - below) / static_cast<double>(n - i);
        const double between = w0 * (1 - w0) * (m0 - m1) * (m0 - m1);
        if (between > best) best = between, o.cut = i;
    }
    return o;
}

}  // namespace

double otsuThreshold(const std::vector<std::uint32_t>& latencies) {
    const OtsuCut o = otsu(latencies);
    if (o.sorted.empty()) return 0;
    return o.cut ? (o.sorted[o.cut - 1] + o.sorted[o.cut]) / 2 : o.sorted.back();
}

// Otsu: the cut between two adjacent distinct values that maximises the between-class variance
// w0 * w1 * (mean0 - mean1)^2. Levels are the class medians. Two levels count as "clearly apart"
// when the threshold lies outside both levels' 2-sigma bands (about 95 % of each level), with sigma
// the robust spread of the level but at least half a timer step (a quantised reading hides that much).
HitMissSplit splitHitMiss(const std::vector<std::uint32_t>& latencies) {
    HitMissSplit split;
    if (latencies.empty()) return split;
    const OtsuCut o = otsu(latencies);
    const auto& sorted = o.sorted;
    const std::size_t cut = o.cut;
    const double med = quantileSorted(sorted, 0.5);
    if (cut == 0) {  // a single distinct value
        split.threshold = sorted.back();
        split.hitLevel = split.missLevel = med;
        return split;
    }
    const std::vector<double> low(sorted.begin(), sorted.begin() + static_cast<long>(cut));
    const std::vector<double> high(sorted.begin() + static_cast<long>(cut), sorted.end());
    split.threshold = (low.back() + high.front()) / 2;
    split.hitLevel = quantileSorted(low, 0.5);
    split.missLevel = quantileSorted(high, 0.5);

    const double halfStep = timerQuantum(latencies) / 2;
    const double sigmaLow = std::max(robustSigma(low), halfStep);
    const double sigmaHigh = std::max(robustSigma(high), halfStep);
    split.separable = split.hitLevel + 2 * sigmaLow < split.threshold && split.threshold < split.missLevel - 2 * sigmaHigh;
    if (!split.separable) {
        split.threshold = sorted.back();
        split.hitLevel = split.missLevel = med;
    }
    return split;
}

// The fastest level against everything slower: split again inside the fast class as long as it
// still holds two clearly separate levels (hits in L1 against L2 hits and DRAM misses, say).
// An inner split must also be a different memory level: a slower level at least 1.5 times the
// faster one. Within one level, hits may sit on two close values (an L1 that answers in 34 or
// 38 cycles by bank), while consecutive levels of a GPU hierarchy are at least that far apart
// (L1 ~35 / L2 ~250, constant L1 ~20 / L1.5 ~105, LDS ~50 / vL1 ~120).
constexpr double kDistinctLevelRatio = 1.5;

HitMissSplit splitFastestLevel(const std::vector<std::uint32_t>& latencies) {
    HitMissSplit split = splitHitMiss(latencies);
    std::vector<std::uint32_t> fast = latencies;
    while (split.separable) {
        std::erase_if(fast, [&](std::uint32_t l) { return l > split.threshold; });
        const HitMissSplit inner = splitHitMiss(fast);
        if (!inner.separable || inner.missLevel < kDistinctLevelRatio * inner.hitLevel) break;
        split.threshold = inner.threshold;
        split.hitLevel = inner.hitLevel;
        split.missLevel = inner.missLevel;
    }
    return split;
}

}  // namespace ts
