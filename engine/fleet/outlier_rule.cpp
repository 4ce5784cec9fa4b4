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
    v.mad = medianAbsoluteDeviation(present);
    for (std::size_t i = 0; i < values.size(); ++i)
        if (values[i]) v.outlier[i] = deviatesFrom(*values[i], v.median, v.mad, kRelativeTolerance, resolution, &v.robustZ[i]);
    return v;
}

bool deviatesFrom(double value, double median, double mad, double relativeTolerance, double resolution, double* z) {
    const double d = value - median;
    const bool beyondTolerance = std::abs(d) > std::max(relativeTolerance * std::abs(median), resolution);
    if (mad > 0) {
        *z = 0.6745 * d / mad;
        return beyondTolerance && std::abs(*z) > kOutlierZ;
    }
    *z = d == 0 ? 0.0 : std::copysign(std::numeric_limits<double>::infinity(), d);
    return beyondTolerance;
}

}  // namespace ts::fleet
