#pragma once
// A chase over an explicit list of addresses: what associativity, replacement-order and TLB
// experiments need (a uniform stride cannot revisit one line between two others). A GPU backend
// builds it as a pointer chain whose k-th visit of a line uses the k-th word of that line.
#include <cstdint>
#include <vector>

#include "model/space.hpp"

namespace ts {

struct SequenceChase {
    Space space = Space::Global;
    int unit = 0;                          // logical SM/CU of the main chaser
    std::vector<std::uint64_t> offsets;    // byte offsets into one array, in visit order
    std::uint32_t timedFrom = 0;           // loads before this index run untimed
    // Loads by warp 0 of `otherUnit` over the same array, after the untimed part and before the
    // timed one (scope experiments); none when otherUnit < 0.
    int otherUnit = -1;
    std::vector<std::uint64_t> otherOffsets;
    // Only the addresses' translation matters (TLB walks): the backend may place the chase in
    // its TranslationWalkSpace, where offsets `period` bytes apart share memory.
    bool translationWalk = false;
};

// Where translation walks go: up to `maxBytes` of addresses; when `period` > 0 over one
// allocation of `period` bytes mapped again and again, so that they take `period` bytes of
// memory whatever their span, and offsets equal modulo `period` are one place in memory.
struct TranslationWalkSpace {
    std::uint64_t maxBytes = 0;
    std::uint64_t period = 0;
};

// Visits of one line a sequence may make: a 4-byte word each in a 128-byte line on the GPU.
inline constexpr std::uint32_t kMaxVisitsPerLine = 32;

}  // namespace ts
