#pragma once
// Synthetic pointer-chase series for the analysis tests: exact cache models plus seeded noise.
#include <cmath>
#include <cstdint>
#include <random>
#include <vector>

#include "model/series.hpp"

namespace ts::synth {

struct Noise {
    int jitter = 0;             // uniform +-jitter cycles on every load
    double outlierRate = 0;     // probability that a load gets outlierExtra cycles more
    std::uint32_t outlierExtra = 0;
};

class Loads {
public:
    explicit Loads(std::uint32_t seed) : rng_(seed) {}
    std::uint32_t operator()(std::uint32_t base, const Noise& noise) {
        long v = base;
        if (noise.jitter > 0) v += std::uniform_int_distribution<int>(-noise.jitter, noise.jitter)(rng_);
        if (noise.outlierRate > 0 && std::uniform_real_distribution<double>(0, 1)(rng_) < noise.outlierRate)
            v += noise.outlierExtra;
        return static_cast<std::uint32_t>(std::max(0L, v));
    }
    double gauss(double mean, double sigma) { return std::normal_distribution<double>(mean, sigma)(rng_); }

private:
    std::mt19937 rng_;
};

inline std::vector<double> evenly(double first, double step, std::size_t count) {
    std::vector<double> xs;
    for (std::size_t i = 0; i < count; ++i) xs.push_back(first + step * static_cast<double>(i));
    return xs;
}

// Timed pass after warm-up over arrays of xs bytes: all hits up to `capacity`, all misses beyond (LRU thrash).
inline Series sizeSweep(const std::vector<double>& xs, double capacity, std::size_t loads, const Noise& noise,
                        std::uint32_t seed, std::uint32_t hit = 38, std::uint32_t miss = 270) {
    Loads gen(seed);
    Series s;
    s.id = "l1.size";
    s.kind = SeriesKind::Size;
    for (double x : xs) {
        SeriesRow row;
        row.x = x;
        for (std::size_t i = 0; i < loads; ++i) row.latencies.push_back(gen(x <= capacity ? hit : miss, noise));
        s.rows.push_back(row);
    }
    return s;
}

// Cold chase with each stride: the first load into each sector of `granularity` bytes misses.
inline Series fetchGranularitySeries(const std::vector<double>& strides, double granularity, std::size_t loads,
                                     const Noise& noise, std::uint32_t seed) {
    Loads gen(seed);
    Series s;
    s.id = "l1.fetch_granularity";
    s.kind = SeriesKind::FetchGranularity;
    for (double stride : strides) {
        SeriesRow row;
        row.x = stride;
        long lastSector = -1;
        for (std::size_t i = 0; i < loads; ++i) {
            const long sector = static_cast<long>(std::floor(static_cast<double>(i) * stride / granularity));
            row.latencies.push_back(gen(sector != lastSector ? 270 : 38, noise));
            lastSector = sector;
        }
        s.rows.push_back(row);
    }
    return s;
}

// Timed pass after warm-up: a cache of `capacity` bytes with `line`-byte lines thrashes iff
// A*L/max(s,L) > C; thrashing, the first load into each sector misses.
inline Series lineSizeSeries(const std::vector<std::pair<double, double>>& strideAndArray, double capacity, double line,
                             std::size_t maxLoads, const Noise& noise, std::uint32_t seed, double sector = 32) {
    Loads gen(seed);
    Series s;
    s.id = "l1.line_size";
    s.kind = SeriesKind::LineSize;
    for (auto [stride, array] : strideAndArray) {
        SeriesRow row;
        row.x = stride;
        row.x2 = array;
        const bool thrash = array * line / std::max(stride, line) > capacity;
        const auto loads = std::min<std::size_t>(maxLoads, static_cast<std::size_t>(array / stride));
        long lastSector = -1;
        for (std::size_t i = 0; i < loads; ++i) {
            const long sec = static_cast<long>(std::floor(static_cast<double>(i) * stride / sector));
            row.latencies.push_back(gen(thrash && sec != lastSector ? 270 : 38, noise));
            lastSector = sec;
        }
        s.rows.push_back(row);
    }
    return s;
}

}  // namespace ts::synth
