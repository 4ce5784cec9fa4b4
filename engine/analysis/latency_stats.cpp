#include <algorithm>
#include <cmath>

#include "analysis/analysis.hpp"
#include "analysis/robust.hpp"

namespace ts {

LatencyStats latencyStats(const std::vector<std::uint32_t>& latencies) {
    LatencyStats s;
    if (latencies.empty()) return s;
    std::vector<double> sorted(latencies.begin(), latencies.end());
    std::sort(sorted.begin(), sorted.end());
    double sum = 0;
    for (double v : sorted) sum += v;
    const double n = static_cast<double>(sorted.size());
    s.mean = sum / n;
    double squares = 0;
    for (double v : sorted) squares += (v - s.mean) * (v - s.mean);
    s.stdev = sorted.size() > 1 ? std::sqrt(squares / (n - 1)) : 0.0;
    s.p50 = quantileSorted(sorted, 0.50);
    s.p95 = quantileSorted(sorted, 0.95);
    s.min = sorted.front();
    s.max = sorted.back();
    s.samples = sorted.size();
    return s;
}

}  // namespace ts
