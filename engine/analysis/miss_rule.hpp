#pragma once
// The miss rule (docs/methods.md, "Miss rule"): a row of timed loads shows misses when more than
// half of its loads lie above Tukey's far-out fence, Q3 + 3 IQR, of a row of the same chase known
// to hit. Quantiles and medians follow the one rule of analysis/robust.hpp.
#include <cstdint>
#include <span>
#include <vector>

namespace ts {

// Q3 + 3 IQR of `hits`, in cycles: a load slower than this is no hit of that reference (0 if empty).
double missThreshold(const std::vector<std::uint32_t>& hits);

// The latency band of a row known to hit: its median and its miss threshold.
struct HitReference {
    double median = 0;
    double fence = 0;
};

HitReference hitReference(const std::vector<std::uint32_t>& hits);
bool showsMisses(const HitReference& reference, const std::vector<std::uint32_t>& row);
// Share of a row's loads above `cut` cycles.
double shareAbove(double cut, std::span<const std::uint32_t> row);
// Two rows that should both hit and lie at different levels: one median 1.5x the other (a hit
// level against a miss level, never the cycle or two that separates two runs of the same hits).
bool differentLevels(const std::vector<std::uint32_t>& a, const std::vector<std::uint32_t>& b);

}  // namespace ts
