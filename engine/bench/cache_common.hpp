#pragma once
// Small helpers shared by the cache benchmarks.
#include <cstdint>
#include <string>

#include "bench/run_context.hpp"
#include "bench/targets.hpp"

namespace ts {

std::uint64_t alignDown(std::uint64_t bytes, std::uint64_t align);
std::string seriesId(const CacheTarget& target, const std::string& benchmark);

// Stride that walks one line per load (the line if known, else the fetch granularity).
std::uint32_t lineStride(const RunContext& ctx, const CacheTarget& target);

// An attribute saying that `name` could not be measured, and why.
Attribute undecided(const std::string& name, const std::string& unit, const std::string& reason);

// The largest array one chaser may walk in this target's space.
std::uint64_t chaserLimit(RunContext& ctx, const CacheTarget& target);

}  // namespace ts
