#pragma once
// The robust outlier rule of a fleet comparison (docs/fleet.md, "Outlier rule").
#include <optional>
#include <string>
#include <vector>

namespace ts::fleet {

inline constexpr double kOutlierZ = 3.5;            // Iglewicz & Hoaglin's cut for the modified z-score
inline constexpr double kRelativeTolerance = 0.01;  // deviations within 1 % of the median never count
inline constexpr std::size_t kMinMembers = 3;       // fewer values: no verdict

struct OutlierVerdict {
    bool decided = false;             // false: fewer than kMinMembers values
    double median = 0;
    double mad = 0;                   // median absolute deviation (unscaled)
    std::vector<double> robustZ;      // per input; 0 where the value is missing
    std::vector<bool> outlier;        // per input
    std::string reason;               // why undecided
};

// Per value: z = 0.6745 (x - median) / MAD. An outlier deviates from the median by more than
// max(kRelativeTolerance * |median|, resolution) AND has |z| > kOutlierZ; with MAD = 0 the first
// condition alone decides (z is then reported as +-infinity for those values, 0 for the rest).
// Missing values take no part and are never outliers.
OutlierVerdict judgeOutliers(const std::vector<std::optional<double>>& values, double resolution = 0);

// The rule for one value against a median (of a fleet, or one reference value with mad 0): it
// deviates by more than max(relativeTolerance * |median|, resolution) and, where mad > 0, its
// robust z (written to `z`, +-inf or 0 where mad is 0) is beyond kOutlierZ.
bool deviatesFrom(double value, double median, double mad, double relativeTolerance, double resolution, double* z);

}  // namespace ts::fleet
