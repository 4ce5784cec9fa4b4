#pragma once
#include <cstdint>

namespace ts::sim_detail {

// SplitMix64: tiny, fast and good enough for noise and random replacement; fully reproducible.
class Rng {
public:
    explicit Rng(std::uint64_t seed = 0) : state_(seed) {}

    std::uint64_t next() {
        std::uint64_t z = (state_ += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        return z ^ (z >> 31);
    }
    // Uniform in [0, n).
    std::uint64_t below(std::uint64_t n) {
        return static_cast<std::uint64_t>((static_cast<unsigned __int128>(next()) * n) >> 64);
    }
    // Uniform in [0, 1).
    double unit() { return static_cast<double>(next() >> 11) * (1.0 / 9007199254740992.0); }

private:
    std::uint64_t state_;
};

// Combines two values into one well-mixed seed.
inline std::uint64_t mixSeed(std::uint64_t a, std::uint64_t b) {
    Rng r(a ^ (b * 0xD1B54A32D192ED03ull));
    r.next();
    return r.next();
}

}  // namespace ts::sim_detail
