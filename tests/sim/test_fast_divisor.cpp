// The simulator's set index divides by the set count with a reciprocal: it must give exactly what
// the division gives, or a simulated GPU's caches would change.
#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <random>
#include <vector>

#include "sim/fast_divisor.hpp"

using ts::sim_detail::FastDivisor;

TEST(FastDivisor, QuotientAndRemainderAreTheDivisions) {
    std::vector<std::uint64_t> divisors{2, 3, 5, 7, 48, 96, 384, 482, 1000, 1536, 12288, 40960, 65535, 65537,
                                        (1ull << 32) - 1, (1ull << 32) + 1, (1ull << 63) + 12345,
                                        std::numeric_limits<std::uint64_t>::max()};
    std::mt19937_64 rng(36);
    for (int i = 0; i < 200; ++i) divisors.push_back(2 + rng() % (1ull << (1 + rng() % 62)));
    std::vector<std::uint64_t> dividends{0, 1, 2, 3, std::numeric_limits<std::uint64_t>::max(),
                                         std::numeric_limits<std::uint64_t>::max() - 1, 1ull << 63};
    for (const std::uint64_t d : divisors) {
        const FastDivisor by(d);
        std::vector<std::uint64_t> cases = dividends;
        for (const std::uint64_t k : {1ull, 2ull, 1000ull, 1ull << 20}) {  // the edges around multiples
            cases.push_back(k * d - 1 < k * d ? k * d - 1 : 0);
            cases.push_back(k * d);
            cases.push_back(k * d + 1);
        }
        for (int i = 0; i < 2000; ++i) cases.push_back(rng() >> (rng() % 64));
        for (const std::uint64_t n : cases) {
            ASSERT_EQ(by.quotient(n), n / d) << n << " / " << d;
            ASSERT_EQ(by.remainder(n), n % d) << n << " % " << d;
        }
    }
}
