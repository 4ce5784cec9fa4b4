#pragma once
// Helpers the sequence-chase benchmarks share: address lists and hit/miss calibration.
#include <cstdint>
#include <string>
#include <vector>

#include "backend/sequence_chase.hpp"
#include "bench/run_context.hpp"

namespace ts {

// n lines at `stride` bytes from `base`, walked `passes` times.
std::vector<std::uint64_t> stridedLines(std::uint64_t n, std::uint64_t stride, int passes, std::uint64_t base = 0);

// A two-pass chase over `offsets` (one pass) whose second pass is timed; the series gets a row.
struct ProbeRun {
    std::vector<std::uint32_t> timed;
    double median = 0;
};
ProbeRun timedSecondPass(RunContext& ctx, Space space, const std::vector<std::uint64_t>& onePass,
                         const std::string& seriesId, double x, double x2, const std::string& label);

double medianOf(std::vector<std::uint32_t> values);

}  // namespace ts
