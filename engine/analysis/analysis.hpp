#pragma once
// Decision rules that turn measured series into attribute values.
// Every rule here is documented with its formula in docs/methods.md.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "model/attribute.hpp"
#include "model/series.hpp"

namespace ts {

struct Decision {
    bool decided = false;      // false: value is a best bound (or 0) and confidence is 0
    double value = 0;
    double confidence = 0;     // 0..1, see docs/methods.md for what it means per rule
    std::string method;
    std::string reason;        // why undecided, or a note on how it was decided
};

LatencyStats latencyStats(const std::vector<std::uint32_t>& latencies);

// Two-level split of latencies into hits and misses (Otsu's threshold on the pooled samples).
struct HitMissSplit {
    bool separable = false;    // false: one level only (all hits or all misses)
    double threshold = 0;      // latency > threshold is a miss
    double hitLevel = 0;       // median of the low cluster
    double missLevel = 0;      // median of the high cluster
};
HitMissSplit splitHitMiss(const std::vector<std::uint32_t>& latencies);

// Reduction of a size sweep to one value per row (MT4G paper, Eq. 2).
std::vector<double> reduceSweep(const Series& sweep);

struct ChangePoint {
    bool found = false;
    std::size_t index = 0;     // first row of the second (slower) regime
    double x = 0;              // x of row index-1: the largest size that still fits
    double statistic = 0;      // K-S D at the chosen split
    double pValue = 1;
    double confidence = 0;
    std::string reason;
};
// Two-sample Kolmogorov-Smirnov change point over every split of a sweep.
ChangePoint findChangePoint(const Series& sweep);

// Rows: x = stride bytes, latencies of a cold chase with that stride.
Decision decideFetchGranularity(const Series& fetchGranularity);

// Rows: x = stride bytes, x2 = array bytes, latencies of the timed pass after warm-up.
// cacheBytes: the measured size of the cache; fetchGranularity: its measured sector.
Decision decideLineSize(const Series& lineSize, double cacheBytes, double fetchGranularity);

}  // namespace ts
