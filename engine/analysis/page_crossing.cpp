#include "analysis/page_crossing.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "analysis/ks.hpp"
#include "analysis/robust.hpp"

namespace ts {
namespace {

std::vector<double> sortedCopy(const std::vector<std::uint32_t>& samples) {
    std::vector<double> v(samples.begin(), samples.end());
    std::sort(v.begin(), v.end());
    return v;
}

std::string cycles(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.0f", v);
    return buf;
}

}  // namespace

HalvesCheck compareHalves(const std::vector<std::uint32_t>& samples) {
    HalvesCheck h;
    if (samples.size() < 8) return h;
    const auto middle = samples.begin() + static_cast<std::ptrdiff_t>(samples.size() / 2);
    h.firstMedian = median(std::vector<std::uint32_t>(samples.begin(), middle));
    h.secondMedian = median(std::vector<std::uint32_t>(middle, samples.end()));
    const double larger = std::max(h.firstMedian, h.secondMedian);
    h.agree = larger > 0 && std::abs(h.firstMedian - h.secondMedian) <= kHalvesTolerance * larger;
    return h;
}

PageCrossingVerdict judgePageCrossing(const std::vector<std::uint32_t>& inPage,
                                      const std::vector<std::uint32_t>& crossing,
                                      const std::string& spanDescription) {
    PageCrossingVerdict v;
    if (inPage.empty() || crossing.empty()) {
        v.reason = "no samples";
        return v;
    }
    v.inPageMedian = median(inPage);
    v.crossingMedian = median(crossing);
    v.halves = compareHalves(crossing);
    const auto inPageSorted = sortedCopy(inPage);
    const auto crossingSorted = sortedCopy(crossing);
    const double d = ksStatisticBelow(inPageSorted, crossingSorted);
    const double p = ksPValueBelow(d, inPageSorted.size(), crossingSorted.size());
    v.penaltySeen = v.crossingMedian >= (1 + kTlbPenaltyMinFraction) * v.inPageMedian && p < kTlbPenaltyMaxPValue;

    const std::string figures = "page-crossing loads " + cycles(v.crossingMedian) + " cycles, in-page loads " +
                                cycles(v.inPageMedian) + " cycles";
    if (!v.penaltySeen) {
        v.reason = "no TLB miss seen: " + figures +
                   " (needs 5 % more and a K-S test that separates them); the TLBs reach beyond the " +
                   spanDescription + " this chase walks, so its median is a memory latency, not a TLB-miss cost";
        return v;
    }
    if (!v.halves.agree) {
        v.confidence = 0.5;
        v.reason = "TLB miss seen (" + figures + ") but the chase's two halves disagree: " +
                   cycles(v.halves.firstMedian) + " vs " + cycles(v.halves.secondMedian) + " cycles";
        return v;
    }
    v.confidence = 1;
    v.reason = "TLB miss seen: " + figures + "; both halves of the chase agree; overhead not subtracted";
    return v;
}

}  // namespace ts
