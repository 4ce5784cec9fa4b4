#pragma once
// Small helpers shared by the cache benchmarks.
#include <cstdint>
#include <string>

#include "benchmarks/attributes.hpp"  // undecided()
#include "benchmarks/run_context.hpp"
#include "benchmarks/targets.hpp"

namespace ts {

std::uint64_t alignDown(std::uint64_t bytes, std::uint64_t align);
std::string seriesId(const CacheTarget& target, const std::string& benchmark);

// Stride that walks one line per load (the line if known, else the fetch granularity).
std::uint32_t lineStride(const RunContext& ctx, const CacheTarget& target);
// The stride of a fill that must meet another in the cache (sharing, amount): the fetch
// granularity, so that it touches every line whatever the line size. At a line size read too
// large, a hashed index can put two fills' lines in disjoint sets (one on the even lines' sets,
// one on the odd), and no fill then evicts the other.
std::uint32_t fillStride(const RunContext& ctx, const CacheTarget& target);

// The array a chase with `stride` must exceed to miss every time in the cache in front of
// `target`: twice that cache's size, scaled by stride / its line (a cache of C bytes in lines
// of L holds C/L tags, so a stride s > L makes it look s/L times larger). 0 without one.
std::uint64_t passAboveBytes(const RunContext& ctx, const CacheTarget& target, std::uint32_t stride);

// A chase over `totalBytes`. Where that exceeds `splitAboveBytes` (constant memory: one
// bank), a full first array is warmed, a second chaser on the same thread walks the rest
// in other banks, and the first array is timed: under LRU it survives exactly when the
// whole fits, as a single array would.
ChaseRequest chaseOver(Space space, std::uint64_t totalBytes, std::uint32_t stride, std::uint64_t splitAboveBytes);

// The largest array one chaser may walk in this target's space.
std::uint64_t chaserLimit(RunContext& ctx, const CacheTarget& target);

}  // namespace ts
