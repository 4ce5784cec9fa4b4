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
    bool lowerBound = false;   // undecided, and value is a lower bound (">= value")
    bool upperBound = false;   // undecided, and value is an upper bound ("<= value")
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
// The fastest level against everything slower (repeated splits of the fast class); missLevel is
// the next slower level.
HitMissSplit splitFastestLevel(const std::vector<std::uint32_t>& latencies);

// Otsu's threshold alone, whether or not the two classes are clearly apart.
double otsuThreshold(const std::vector<std::uint32_t>& latencies);
// The timer's resolution as seen in the data: gcd of the latencies (1 when unknown).
double timerQuantum(const std::vector<std::uint32_t>& latencies);

// Reduction of a size sweep to one value per row (MT4G paper, Eq. 2): the root-mean-square
// distance of the row's latencies from the smallest latency of the whole sweep, each latency first
// capped at the next slower level (ours, see docs/methods.md).
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
// found=false with index < rows: the best split is kept as a guess (confidence below 1/2);
// index == rows: no later row is slower than the earlier ones, x is the last row's x.
ChangePoint findChangePoint(const Series& sweep);
// The same rule on values already reduced to one per row (xs[i] belongs to values[i]).
ChangePoint findChangePoint(const std::vector<double>& values, const std::vector<double>& xs);

// Rows: x = stride bytes, latencies of a cold chase with that stride.
Decision decideFetchGranularity(const Series& fetchGranularity);
// The same with the hit level known from a warm chase that only hits: a load is a miss above
// that reference's Tukey far-out fence, Q3 + 3 IQR (our benchmark measures the reference).
Decision decideFetchGranularity(const Series& fetchGranularity, const std::vector<std::uint32_t>& hitReference);

// Rows: x = stride bytes, x2 = array bytes, latencies of the timed pass after warm-up.
// cacheBytes: the measured size of the cache; fetchGranularity: its measured sector.
Decision decideLineSize(const Series& lineSize, double cacheBytes, double fetchGranularity);

// Segment size from the knee of an L1-bypassing size sweep: the L2 is split into equal
// segments, so the knee is snapped to l2Bytes / n. l2Bytes <= 0: the knee itself, undecided.
Decision decideSegmentSize(const ChangePoint& knee, double l2Bytes);

}  // namespace ts
