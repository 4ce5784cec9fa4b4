#pragma once
// Helpers the sequence-chase benchmarks share: address lists and hit/miss calibration.
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "backend/sequence_chase.hpp"
#include "benchmarks/run_context.hpp"

namespace ts {

// n lines at `stride` bytes from `base`, walked `passes` times.
std::vector<std::uint64_t> stridedLines(std::uint64_t n, std::uint64_t stride, int passes, std::uint64_t base = 0);

// A two-pass chase over `onePass` whose second pass is timed; the series gets a row. Lists of
// fewer than 8 loads are walked several times per pass.
struct ProbeRun {
    std::vector<std::uint32_t> timed;
    double median = 0;
};
ProbeRun timedSecondPass(RunContext& ctx, Space space, const std::vector<std::uint64_t>& onePass,
                         const std::string& seriesId, double x, double x2, const std::string& label);

// Latency above which a load missed `space`'s cache of `size` bytes in lines of `line`: halfway
// between a hit (the second load of one line) and a capacity miss served by the next level (a
// second pass over twice the size). A cold miss would come from DRAM and sit too high where a
// large next level (AMD's Infinity Cache) serves the misses. Rows "hit" and "capacity-miss"; above
// 2^20 lines (taken as the last level before DRAM) cold lines instead ("cold-miss").
// Throws NoCapacityMiss where the pass over twice the size hit about as fast as the hit: the
// cache holds more than `size` (a knee far below the capacity) or its lines are smaller than
// `line`, and no threshold can be drawn.
double capacityMissThreshold(RunContext& ctx, Space space, std::uint64_t size, std::uint64_t line,
                             const std::string& seriesId);

class NoCapacityMiss : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

}  // namespace ts
