#pragma once
// Lines that share one set of a cache whose set index is hashed (docs/methods.md, "Associativity").
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "benchmarks/run_context.hpp"

namespace ts {

struct ConflictSearch {
    Space space = Space::Global;
    std::uint64_t lines = 0;      // capacity in lines
    std::uint64_t lineBytes = 0;
    double threshold = 0;         // latency above which a load missed
    std::uint32_t maxWays = 64;
    std::string series;           // evidence: rows "eviction-pool" and "eviction-round" (none when empty)
    std::uint64_t refresh = 0;    // EvictionTest::refresh
    std::uint32_t passes = 2;     // EvictionTest::passes
};

// The target line (offset 0) followed by the fewest pool lines that evict it: exactly `ways` lines
// of its set. Nothing when no pool of up to 4x the capacity evicts it or the set grows past
// maxWays. Where two walks of the pool find none, it is searched again with kManyPasses walks
// (random replacement; rows "eviction-many-passes").
inline constexpr std::uint32_t kManyPasses = 30;  // a GPU chain visits one line at most 32 times
struct ConflictSet {
    std::vector<std::uint64_t> lines;  // the target first
    std::uint32_t passes = 2;          // the walks that found it: kManyPasses where the set gives up lines at random
};
std::optional<ConflictSet> findConflictSet(RunContext& ctx, const ConflictSearch& search);

// The fewest of `lines` (not the target) that still evict the target: each line whose removal
// leaves the rest evicting it is dropped.
std::vector<std::uint64_t> neededLines(RunContext& ctx, const ConflictSearch& search, std::vector<std::uint64_t> lines);

}  // namespace ts
