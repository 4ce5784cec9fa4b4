#pragma once
// Record-level mutations for the session target (issue 40): the records of a session taken apart
// at their frames, then swapped, repeated, dropped or moved to the end, and framed again with
// good checksums, so that the reader's record logic (order, numbers, a device or header that is
// missing or comes twice, results without their begin) is reached, not only its framing checks.
// Half of the mutations stay structure_mutator.hpp's (which include libFuzzer's own).
#include <string>
#include <vector>

#include "io/input_error.hpp"
#include "io/session_log.hpp"

#define TOPOSCOPE_FUZZ_OWN_MUTATOR
#include "structure_mutator.hpp"

namespace ts::fuzz {

// The payloads of the whole records; false where the bytes are no session (mutate bytes instead).
inline bool sessionRecords(const std::string& bytes, std::vector<std::string>& records) {
    try {
        SessionLogReader reader = sessionLogReader(bytes, "fuzz.tss");
        std::string payload;
        while (reader.next(payload)) records.push_back(payload);
    } catch (const InputError&) {
        return false;
    }
    return !records.empty();
}

inline void shuffleRecords(std::vector<std::string>& r, Rng& rng) {
    const std::size_t a = pick(rng, r.size()), b = pick(rng, r.size());
    switch (rng() % 4) {
        case 0: std::swap(r[a], r[b]); break;                                       // two swapped
        case 1: r.insert(r.begin() + static_cast<long>(b), r[a]); break;            // one repeated
        case 2: r.erase(r.begin() + static_cast<long>(a)); break;                   // one dropped
        default: r.push_back(r[a]), r.erase(r.begin() + static_cast<long>(a)); break;  // one moved last
    }
}

inline std::size_t mutateSession(std::uint8_t* data, std::size_t size, std::size_t maxSize, unsigned seed) {
    Rng rng(seed);
    std::vector<std::string> records;
    if (rng() % 2 == 0 || !sessionRecords(std::string(reinterpret_cast<const char*>(data), size), records))
        return mutate(data, size, maxSize, seed);
    for (unsigned n = 1 + rng() % 3; n > 0 && !records.empty(); --n) shuffleRecords(records, rng);
    std::string out(kSessionMagic, kSessionMagicSize);
    for (const auto& r : records) out += frameSessionRecord(r);
    return storeMutation(out, data, maxSize);
}

}  // namespace ts::fuzz

extern "C" std::size_t LLVMFuzzerCustomMutator(std::uint8_t* data, std::size_t size, std::size_t maxSize,
                                               unsigned int seed) {
    return ts::fuzz::mutateSession(data, size, maxSize, seed);
}
