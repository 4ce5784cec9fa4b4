#pragma once
// The scattered pool of an eviction-set search as a formula, not a list: a GPU backend computes
// its lines in each thread instead of reading (and caching) a list of hundreds of thousands.
#include <cstdint>

#if defined(__CUDACC__) || defined(__HIPCC__)
#define TOPOSCOPE_HOST_DEVICE __host__ __device__
#else
#define TOPOSCOPE_HOST_DEVICE
#endif

namespace ts {

// Pool line i (from 0) of a pool over 2^bits lines: a bijection of i + 1 on bits-bit numbers
// (odd multiplications and xor-shifts), so the lines are distinct, scattered and never line 0,
// the target. `seed` picks the multipliers.
TOPOSCOPE_HOST_DEVICE inline std::uint64_t scatteredPoolLine(std::uint64_t seed, std::uint32_t bits, std::uint64_t i) {
    const std::uint64_t mask = (bits >= 64 ? ~0ull : (1ull << bits) - 1);
    const std::uint64_t a = (seed | 1u) & mask, b = ((seed >> 21) * 0x9e3779b97f4a7c15ull | 1u) & mask;
    std::uint64_t x = (i + 1) & mask;
    x = (x * a) & mask;
    x ^= x >> (bits / 2 + 1);
    x = (x * b) & mask;
    x ^= x >> (bits / 3 + 1);
    x = (x * a) & mask;
    return x;
}

struct ScatteredPool {
    std::uint64_t seed = 0;
    std::uint32_t bits = 0;    // the pool picks among 2^bits lines
    std::uint64_t count = 0;   // pool lines, fewer than 2^bits
};

}  // namespace ts
