#include "analysis/series_threshold.hpp"

#include <algorithm>

#include "analysis/analysis.hpp"
#include "analysis/miss_rule.hpp"

namespace ts {
namespace {

struct ThresholdSplit {
    double value = -1;
    ThresholdRule rule = ThresholdRule::None;
};

ThresholdSplit split(const std::vector<std::uint32_t>& values, ThresholdRule rule) {
    if (values.empty()) return {};
    const HitMissSplit s = splitHitMiss(values);
    if (!s.separable) return {};
    return {s.threshold, rule};
}

// Fetch granularity: the fastest load of each stride.
ThresholdSplit rowMinimaSplit(const Series& series) {
    std::vector<std::uint32_t> minima;
    for (const auto& row : series.rows)
        if (!row.latencies.empty()) minima.push_back(*std::min_element(row.latencies.begin(), row.latencies.end()));
    return split(minima, ThresholdRule::FastestLoadSplit);
}

// Line size: every load of every row.
ThresholdSplit pooledSplit(const Series& series) {
    std::vector<std::uint32_t> pooled;
    for (const auto& row : series.rows) pooled.insert(pooled.end(), row.latencies.begin(), row.latencies.end());
    return split(pooled, ThresholdRule::EveryLoadSplit);
}

// Amount: the miss rule's fence over the control row (a chaser alone, known to hit).
ThresholdSplit controlFence(const Series& series) {
    for (const auto& row : series.rows)
        if (row.label == "control" && !row.latencies.empty())
            return {hitReference(row.latencies).fence, ThresholdRule::ControlFence};
    return {};
}

// Sharing rows carry either the engine's verdict (0 or 1) or, for L2 segments, the row's
// median latency, which the engine splits into near and far.
ThresholdSplit sharingSplit(const Series& series) {
    for (const auto& row : series.rows)
        if (row.label == kMissThresholdLabel) return {row.value, ThresholdRule::BenchmarkRow};
    const bool flags = std::all_of(series.rows.begin(), series.rows.end(),
                                   [](const SeriesRow& r) { return r.value == 0 || r.value == 1; });
    if (flags) return {};
    std::vector<std::uint32_t> medians;
    for (const auto& row : series.rows) medians.push_back(static_cast<std::uint32_t>(row.value));
    ThresholdSplit s = split(medians, ThresholdRule::RowMedianSplit);
    if (s.value < 0 && !medians.empty())  // one level: every unit is near
        s = {static_cast<double>(*std::max_element(medians.begin(), medians.end())) + 1, ThresholdRule::OneLevel};
    return s;
}

ThresholdSplit splitOf(const Series& series) {
    switch (series.kind) {
        case SeriesKind::FetchGranularity: return rowMinimaSplit(series);
        case SeriesKind::LineSize: return pooledSplit(series);
        case SeriesKind::Amount: return controlFence(series);
        case SeriesKind::Sharing: return sharingSplit(series);
        default: return {};
    }
}

}  // namespace

void updateMissThreshold(Series& series) {
    const ThresholdSplit s = splitOf(series);
    series.missThreshold = s.value;
    series.thresholdRule = s.rule;
}

void updateMissThresholds(Topology& topology) {
    for (Series& s : topology.series) updateMissThreshold(s);
}

}  // namespace ts
