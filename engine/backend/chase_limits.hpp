// What one backend can run, as data. Every ChaseRequest is checked against its backend's limits
// by checkChaseRequest (backend/chase_check.hpp), the one set of rules all backends share.
#pragma once
#include <array>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <string>

#include "model/space.hpp"

namespace ts {

inline constexpr std::size_t kSpaceCount = static_cast<std::size_t>(Space::Lds) + 1;

struct ChaseLimits {
    std::string backend;  // begins every message: "cuda", "hip", "sim (builtin:h100)"
    // Largest array one chaser walks in each space (constant: one bank; a scratchpad: one
    // block's share); 0 = the backend has no such space.
    std::array<std::uint64_t, kSpaceCount> arrayBytes{};
    // A constant second chaser may spread over the banks of several modules (0: no more than
    // arrayBytes[Constant]).
    std::uint64_t secondConstantBytes = 0;
    // Spaces where a block may read the array (block warm-up, block-read second chaser) and a
    // scattered permutation may order it.
    std::array<bool, kSpaceCount> blockAccess{};
    // Scratchpad a block has for the main array and a second chaser's own array beside it.
    std::uint64_t scratchpadBytesPerBlock = 0;
    int units = 0;                 // logical units 0 .. units-1
    int firstOtherWarp = 0;        // OtherWarp: warps firstOtherWarp .. warpsPerBlock-1
    int warpsPerBlock = 1;
    // OtherUnit runs each side on a queue pinned to its unit (HIP): the main chaser must name its
    // unit, and another one than the second's.
    bool otherUnitOnPinnedQueues = false;
    std::uint32_t minRecordLoads = 0;
    std::uint32_t maxRecordLoads = std::numeric_limits<std::uint32_t>::max();
    // Loads of one walk (passes x loads per pass, or timed loads x recordEvery): the kernels
    // count them in 32 bits.
    std::uint64_t maxWalkLoads = std::numeric_limits<std::uint32_t>::max();
    // Loads of the whole request (the simulator's time budget).
    std::uint64_t maxTotalLoads = std::numeric_limits<std::uint64_t>::max();

    bool supports(Space s) const { return arrayBytes[index(s)] > 0; }
    std::uint64_t maxArrayBytes(Space s) const { return arrayBytes[index(s)]; }
    bool allowsBlockAccess(Space s) const { return blockAccess[index(s)]; }
    void set(Space s, std::uint64_t bytes, bool block = false) {
        arrayBytes[index(s)] = bytes;
        blockAccess[index(s)] = block && bytes > 0;
    }

private:
    static std::size_t index(Space s) { return static_cast<std::size_t>(s); }
};

}  // namespace ts
