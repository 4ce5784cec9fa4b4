#include "fleet/outlier_rule.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "analysis/robust.hpp"

namespace ts::fleet {

OutlierVerdict judgeOutliers(const std::vector<std::optional<double>>& values, double resolution) {
    OutlierVerdict v;
    v.robustZ.assign(values.size(), 0.0);
    v.outlier.assign(values.size(), false);
    std::vector<double> present;
    for (const auto& x : values)
        if (x) present.push_back(*x);
    if (present.size() < kMinMembers) {
        v.reason = "only " + std::to_string(present.size()) + " value(s); the rule needs at least " +
                   std::to_string(kMinMembers);
        return v;
    }
    v.decided = true;
    v.median = median(present);
    std::vector<double> deviations;
    for (double x : present) deviations.push_back(std::abs(x - v.median));
    v.mad = median(deviations);
    const double tolerance = std::max(kRelativeTolerance * std::abs(v.median), resolution);
    for (std::size_t i = 0; i < values.size(); ++i) {
        if (!values[i]) continue;
        const double d = *values[i] - v.median;
        const bool beyondTolerance = std::abs(d) > tolerance;
        if (v.mad > 0) {
            v.robustZ[i] = 0.6745 * d / v.mad;
            v.outlier[i] = beyondTolerance && std::abs(v.robustZ[i]) > kOutlierZ;
        } else {
            v.robustZ[i] = d == 0 ? 0.0 : std::copysign(std::numeric_limits<double>::infinity(), d);
            v.outlier[i] = beyondTolerance;
        }
    }
    return v;
}

}  // namespace ts::fleet
