#pragma once
#include <cstdint>
#include <vector>

namespace ts {

// The latency band of a row known to hit, and the rule that decides whether
// another row of the same chase shows misses: its median lies above Tukey's
// far-out fence of the reference row, Q3 + 3 IQR (docs/methods.md, "Miss rule").
struct HitReference {
    double median = 0;
    double fence = 0;
};

HitReference hitReference(const std::vector<std::uint32_t>& hits);
bool showsMisses(const HitReference& reference, const std::vector<std::uint32_t>& row);
// Share of a row's loads above `cut` cycles.
double shareAbove(double cut, const std::vector<std::uint32_t>& row);
double median(std::vector<std::uint32_t> values);
// Two rows that should both hit and lie at different levels: one median 1.5x the other (a hit
// level against a miss level, never the cycle or two that separates two runs of the same hits).
bool differentLevels(const std::vector<std::uint32_t>& a, const std::vector<std::uint32_t>& b);
double meanOf(const std::vector<std::uint32_t>& values);

}  // namespace ts
