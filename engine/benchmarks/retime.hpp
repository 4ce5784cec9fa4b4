#pragma once
#include <cstdint>
#include <optional>
#include <vector>

#include "backend/backend.hpp"
#include "benchmarks/run_context.hpp"

namespace ts {

// "Fill A, fill B, re-time A": A is warmed by the main chaser, B by the second chaser,
// then A is timed. Returns A's timed latencies.
std::vector<std::uint32_t> retimeAfter(RunContext& ctx, Space space, std::uint64_t arrayBytes, std::uint32_t stride,
                                       int unit, const std::optional<SecondChaser>& second);

}  // namespace ts
