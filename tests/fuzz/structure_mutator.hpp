#pragma once
// Structure-aware mutations for the loader targets (docs/fuzzing.md), on top of libFuzzer's own
// byte-level ones: deep nesting, numbers out of every range, zero-byte tails (the power-loss
// artefact), duplicated JSON keys and rows cut after their leading fields. Including this header
// defines LLVMFuzzerCustomMutator for the target; half of the mutations stay libFuzzer's.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <random>
#include <string>
#include <string_view>

extern "C" std::size_t LLVMFuzzerMutate(std::uint8_t* data, std::size_t size, std::size_t maxSize);

namespace ts::fuzz {

using Rng = std::minstd_rand;

inline std::size_t pick(Rng& rng, std::size_t n) { return n == 0 ? 0 : static_cast<std::size_t>(rng() % n); }

// Opens `depth` arrays or objects at a random place, closing them (or not: a cut file) after.
inline void deepen(std::string& s, Rng& rng) {
    static constexpr std::size_t kDepths[] = {63, 64, 65, 200, 5000, 60000};
    const std::size_t depth = kDepths[pick(rng, std::size(kDepths))];
    const bool objects = rng() % 3 == 0;
    std::string open, close;
    for (std::size_t i = 0; i < depth; ++i) open += objects ? "{\"k\":" : "[";
    if (rng() % 4 != 0) {
        close = objects ? "1" : "";
        close.append(depth, objects ? '}' : ']');
    }
    const std::size_t at = pick(rng, s.size() + 1);
    s.insert(at, open + close);
}

// Replaces a number of the text (or inserts one) by a value out of some range.
inline void hugeNumber(std::string& s, Rng& rng) {
    static constexpr const char* kNumbers[] = {
        "1e400", "-1e400", "1e-400", "99999999999999999999", "-99999999999999999999", "18446744073709551616",
        "9223372036854775808", "-9223372036854775809", "4294967296", "2147483648", "-1", "-0", "0", "0.5",
        "1e308", "-1e308", "1.7976931348623157e308", "4.9e-324", "1e15", "1e16", "NaN", "Infinity",
        "00000000000000000000000000000000000001"};
    const std::string number = kNumbers[pick(rng, std::size(kNumbers))];
    std::size_t start = pick(rng, s.size() + 1);
    while (start < s.size() && !std::isdigit(static_cast<unsigned char>(s[start]))) ++start;
    if (start >= s.size()) {
        s.insert(pick(rng, s.size() + 1), number);
        return;
    }
    while (start > 0 && (std::isdigit(static_cast<unsigned char>(s[start - 1])) || s[start - 1] == '-' || s[start - 1] == '.'))
        --start;
    std::size_t end = start;
    while (end < s.size() && (std::isalnum(static_cast<unsigned char>(s[end])) || s[end] == '-' || s[end] == '+' ||
                              s[end] == '.'))
        ++end;
    s.replace(start, end - start, number);
}

inline void zeroTail(std::string& s, Rng& rng) {
    static constexpr std::size_t kLengths[] = {1, 7, 8, 9, 16, 64, 4096};
    s.append(kLengths[pick(rng, std::size(kLengths))], '\0');
}

// Copies one `"key": value` member right after itself, so the object holds the key twice.
inline void duplicateKey(std::string& s, Rng& rng) {
    const std::size_t from = pick(rng, s.size());
    const std::size_t colon = s.find("\":", from);
    if (colon == std::string::npos) return;
    const std::size_t keyStart = s.rfind('"', colon == 0 ? 0 : colon - 1);
    if (keyStart == std::string::npos) return;
    std::size_t end = colon + 2;
    int nesting = 0;
    for (; end < s.size(); ++end) {
        const char c = s[end];
        if (c == '[' || c == '{') ++nesting;
        if ((c == ']' || c == '}') && nesting-- == 0) break;
        if (c == ',' && nesting == 0) break;
    }
    const std::string member = s.substr(keyStart, end - keyStart);
    s.insert(end, "," + member);
}

// Cuts a line after its first one or two comma-separated fields (a row without samples).
inline void cutRow(std::string& s, Rng& rng) {
    const std::size_t from = pick(rng, s.size());
    std::size_t comma = s.find(',', from);
    if (comma == std::string::npos) return;
    if (rng() % 2) comma = s.find(',', comma + 1);
    if (comma == std::string::npos) return;
    const std::size_t newline = s.find('\n', comma);
    s.erase(comma, (newline == std::string::npos ? s.size() : newline) - comma);
}

// Puts the mutated input back into libFuzzer's buffer, cut to its room; its new size.
inline std::size_t storeMutation(const std::string& mutated, std::uint8_t* data, std::size_t maxSize) {
    const std::size_t size = std::min(mutated.size(), maxSize);
    std::memcpy(data, mutated.data(), size);
    return size;
}

inline std::size_t mutate(std::uint8_t* data, std::size_t size, std::size_t maxSize, unsigned seed) {
    Rng rng(seed);
    if (rng() % 2 == 0) return LLVMFuzzerMutate(data, size, maxSize);
    std::string s(reinterpret_cast<const char*>(data), size);
    switch (rng() % 5) {
        case 0: deepen(s, rng); break;
        case 1: hugeNumber(s, rng); break;
        case 2: zeroTail(s, rng); break;
        case 3: duplicateKey(s, rng); break;
        default: cutRow(s, rng); break;
    }
    return storeMutation(s, data, maxSize);
}

}  // namespace ts::fuzz

// A target with a mutator of its own (session_mutator.hpp, raw_folder_mutator.hpp) defines
// TOPOSCOPE_FUZZ_OWN_MUTATOR first.
#ifndef TOPOSCOPE_FUZZ_OWN_MUTATOR
extern "C" std::size_t LLVMFuzzerCustomMutator(std::uint8_t* data, std::size_t size, std::size_t maxSize,
                                               unsigned int seed) {
    return ts::fuzz::mutate(data, size, maxSize, seed);
}
#endif
