#include "analysis/segment_reading.hpp"

#include <algorithm>
#include <cmath>

#include "analysis/robust.hpp"

namespace ts {

double readingLatency(const std::vector<std::uint32_t>& loads) {
    const std::vector<double> whole(loads.begin(), loads.end());
    const auto firstCount = static_cast<std::ptrdiff_t>(std::min(loads.size(), kFarFirstLines));
    const std::vector<double> first(loads.begin(), loads.begin() + firstCount);
    const double wholeMean = interquartileMean(whole), firstMean = interquartileMean(first);
    return std::abs(firstMean - wholeMean) > 0.05 * firstMean ? firstMean : wholeMean;
}

}  // namespace ts
