#pragma once
// Division and remainder by a divisor fixed for a cache's life (its set count), by multiplying
// with a 128-bit reciprocal instead of dividing: a simulated load computes its set with two of
// them, and a hardware 64-bit division costs several times a multiplication. Exact for every
// 64-bit dividend and every divisor from 2 on (Lemire, Kaser and Kurz, "Faster remainder by
// direct computation", 2019: a reciprocal of 128 fraction bits is enough for 64-bit operands).
#include <cstdint>

namespace ts::sim_detail {

class FastDivisor {
public:
    explicit FastDivisor(std::uint64_t divisor = 2)
        : divisor_(divisor), reciprocal_(~static_cast<unsigned __int128>(0) / divisor + 1) {}

    std::uint64_t quotient(std::uint64_t dividend) const { return highOfProduct(reciprocal_, dividend); }
    std::uint64_t remainder(std::uint64_t dividend) const {
        const unsigned __int128 fraction = reciprocal_ * dividend;  // the fraction part of dividend / divisor
        return highOfProduct(fraction, divisor_);
    }

private:
    // (x * y) >> 128 for a 128-bit x and a 64-bit y.
    static std::uint64_t highOfProduct(unsigned __int128 x, std::uint64_t y) {
        const unsigned __int128 low = static_cast<unsigned __int128>(static_cast<std::uint64_t>(x)) * y;
        const unsigned __int128 high = static_cast<unsigned __int128>(static_cast<std::uint64_t>(x >> 64)) * y + (low >> 64);
        return static_cast<std::uint64_t>(high >> 64);
    }

    std::uint64_t divisor_;
    unsigned __int128 reciprocal_;
};

}  // namespace ts::sim_detail
