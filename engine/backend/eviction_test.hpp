#pragma once
// One test of an eviction-set search (docs/methods.md, "Associativity"): load a target line (offset
// 0), then some chosen lines and a prefix of a scattered pool twice, then (after a load in the
// target's page) time the target again.
#include <cstdint>
#include <vector>

#include "backend/scattered_pool.hpp"
#include "backend/sequence_chase.hpp"
#include "model/space.hpp"

namespace ts {

struct EvictionTest {
    Space space = Space::Global;
    std::uint64_t lineBytes = 0;
    ScatteredPool pool;
    std::uint64_t prefix = 0;              // pool lines [0, prefix) are loaded
    std::vector<std::uint64_t> chosen;     // byte offsets loaded before the pool's, never 0
    // Loaded right before the target is timed (0: nothing): another sector of the target's line,
    // or the next line, so that a translation the loads pushed out of a TLB is back and the timed
    // load tells the cache's eviction alone.
    std::uint64_t refresh = 0;
    // Walks over the chosen lines and the prefix. Two suffice where a full set gives up its oldest
    // line; under random replacement the target goes only by chance, so more walks make it sure.
    std::uint32_t passes = 2;
};

// Byte offsets of the lines a test loads after the target, in the order a sequential backend
// visits them once.
std::vector<std::uint64_t> evictionLoads(const EvictionTest& test);

// The test as one sequence chase: the target, the loads twice, the target timed (its last load).
SequenceChase evictionSequence(const EvictionTest& test);

}  // namespace ts
