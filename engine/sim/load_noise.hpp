#pragma once
#include <algorithm>
#include <cstdint>

#include "sim/profile.hpp"
#include "backend/rng.hpp"

namespace ts::sim_detail {

// Timing noise of one series: uniform jitter plus rare outliers, reproducible from the seed.
class LoadNoise {
public:
    LoadNoise(const SimNoise& noise, std::uint64_t seed) : noise_(noise), rng_(seed) {}

    std::uint32_t apply(std::uint32_t cycles) {
        std::int64_t v = cycles;
        if (noise_.jitter > 0) {
            const std::uint64_t span = 2ull * noise_.jitter + 1;
            v += static_cast<std::int64_t>(rng_.below(span)) - static_cast<std::int64_t>(noise_.jitter);
        }
        if (noise_.outlierRate > 0 && rng_.unit() < noise_.outlierRate) v += noise_.outlierExtra;
        return static_cast<std::uint32_t>(std::max<std::int64_t>(v, 0));
    }

private:
    SimNoise noise_;
    Rng rng_;
};

}  // namespace ts::sim_detail
