#pragma once
// The host side of a sequence chase, the same on every GPU backend: the checks of a request and
// its loads laid out as pointer chains. The k-th visit of a 64-byte line loads the line's k-th
// 8-byte word, so one line can be revisited between others without the chain looping early.
#include <cstdint>
#include <string>
#include <vector>

#include "backend/sequence_chase.hpp"

namespace ts {

struct SequenceLayout {
    std::vector<std::uint64_t> main;   // the byte offsets the main chaser really loads
    std::vector<std::uint64_t> other;  // the other unit's (empty: none)
    // (offset, next) pairs: the main chain, then the other; each chain's last load points back
    // to its first. The kernels' scatter writes `next` at `offset`.
    std::vector<std::uint64_t> words;
    std::uint64_t arrayBytes = 0;  // the array must hold this many bytes
    std::uint32_t timed = 0;       // loads of the main chain that are timed
};

// Checks `request` and lays it out; throws BackendError, its message starting with `who`
// ("cuda", "hip"), for a request no chain can carry (no addresses, too many loads, an offset
// too large, a line visited more than 8 times, timedFrom beyond the sequence). With `period` > 0
// offsets equal modulo `period` are one line in memory (TranslationWalkSpace) and share its words.
SequenceLayout layOutSequence(const SequenceChase& request, const std::string& who, std::uint64_t period = 0);

// The same checks without the layout, for a backend that needs no chain (the simulator).
void checkSequence(const SequenceChase& request, const std::string& who, std::uint64_t period = 0);

}  // namespace ts
