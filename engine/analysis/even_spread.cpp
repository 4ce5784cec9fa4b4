#include "analysis/even_spread.hpp"

#include <algorithm>
#include <cmath>
#include <sstream>

#include "analysis/set_model.hpp"

namespace ts {

double evenSpreadMissShare(double overKnee, std::uint32_t ways, const std::string& policy) {
    const double perSet = overKnee * ways;  // lines a set holds on average
    const int fewer = static_cast<int>(std::floor(perSet));
    const double more = perSet - fewer;      // share of sets with one line more
    if (perSet <= 0) return 0;
    const SetPolicy p = setPolicyOf(policy);
    const std::vector<double> walked = lastPassHits(ways, p, 3, fewer + 1);  // the size sweep warms its rows twice
    const double hits = (1 - more) * walked[static_cast<std::size_t>(fewer)] + more * walked[static_cast<std::size_t>(fewer + 1)];
    return std::clamp(1 - hits / perSet, 0.0, 1.0);
}

EvenSpreadFit fitEvenSpread(const std::vector<OverflowRow>& rows, std::uint32_t ways) {
    EvenSpreadFit fit;
    std::vector<OverflowRow> used;
    for (const OverflowRow& row : rows)
        if (row.overKnee > 1 && row.overKnee <= kEvenSpreadSpan) used.push_back(row);
    // A policy is tried only where its prediction rises to kTelling somewhere: rows where an even
    // spread hardly misses cannot tell it from a scattering index.
    constexpr double kTelling = 2.5 * kEvenSpreadTolerance;
    double bestGap = 2;
    bool told = false;
    for (const std::string& policy : policiesFor(ways)) {
        double gap = 0, highest = 0;
        for (const OverflowRow& row : used) {
            const double predicted = evenSpreadMissShare(row.overKnee, ways, policy);
            gap = std::max(gap, std::abs(row.missShare - predicted));
            highest = std::max(highest, predicted);
        }
        if (used.size() < kEvenSpreadRows || highest < kTelling) continue;
        told = true;
        bestGap = std::min(bestGap, gap);
        if (gap <= kEvenSpreadTolerance) fit.policies += (fit.policies.empty() ? "" : ", ") + policy;
    }
    if (ways < 2 || !told) {
        fit.reason = "too few rows past the knee to tell how steeply misses rise (" + std::to_string(used.size()) + " up to " +
                     std::to_string(kEvenSpreadSpan).substr(0, 4) + " x the knee)";
        return fit;
    }
    fit.fits = !fit.policies.empty();
    fit.worstGap = bestGap;
    std::ostringstream text;
    text.precision(2);
    text << used.size() << " rows from the knee to " << kEvenSpreadSpan << " x it miss ";
    if (fit.fits)
        text << "as " << ways << " ways per set (" << fit.policies << ") miss when every set holds its equal share of the array "
             << "(largest gap " << bestGap << ")";
    else
        text << "unlike " << ways << " ways per set holding equal shares of the array under any policy (smallest largest gap "
             << bestGap << "): an index that scatters consecutive lines overflows its fullest sets early";
    fit.reason = text.str();
    return fit;
}

}  // namespace ts
