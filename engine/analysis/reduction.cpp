#include <algorithm>
#include <cmath>
#include <limits>

#include "analysis/analysis.hpp"

namespace ts {

// r_i = sqrt( (1/n_i) * sum_j (l_ij - g)^2 ), g = the smallest latency of the whole sweep.
std::vector<double> reduceSweep(const Series& sweep) {
    std::uint32_t global = std::numeric_limits<std::uint32_t>::max();
    for (const auto& row : sweep.rows)
        for (auto l : row.latencies) global = std::min(global, l);
    std::vector<double> reduced;
    reduced.reserve(sweep.rows.size());
    for (const auto& row : sweep.rows) {
        double squares = 0;
        for (auto l : row.latencies) {
            const double d = static_cast<double>(l) - static_cast<double>(global);
            squares += d * d;
        }
        reduced.push_back(row.latencies.empty() ? 0.0 : std::sqrt(squares / static_cast<double>(row.latencies.size())));
    }
    return reduced;
}

}  // namespace ts
