#pragma once
// Whether a chase that lands every load on a new page showed a TLB miss at all, and whether its
// samples agree with themselves. Without both, its median is a memory latency, not a TLB-miss cost.
#include <cstdint>
#include <string>
#include <vector>

namespace ts {

struct HalvesCheck {
    double firstMedian = 0;
    double secondMedian = 0;
    bool agree = false;  // the medians of the two halves within kHalvesTolerance of each other
};

// Splits the samples in time order: a chase whose first and second halves disagree changed
// conditions while it ran (another context, clocks) or mixes two populations unevenly.
HalvesCheck compareHalves(const std::vector<std::uint32_t>& samples);

struct PageCrossingVerdict {
    double inPageMedian = 0;
    double crossingMedian = 0;
    HalvesCheck halves;
    bool penaltySeen = false;  // crossing clearly slower than in-page, by size and by K-S
    double confidence = 0;
    std::string reason;
};

// `inPage`: loads that stay inside a page (TLB hits); `crossing`: every load on a new page.
PageCrossingVerdict judgePageCrossing(const std::vector<std::uint32_t>& inPage,
                                      const std::vector<std::uint32_t>& crossing,
                                      const std::string& spanDescription);

inline constexpr double kHalvesTolerance = 0.05;
inline constexpr double kTlbPenaltyMinFraction = 0.05;
inline constexpr double kTlbPenaltyMaxPValue = 0.001;

}  // namespace ts
