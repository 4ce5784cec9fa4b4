#pragma once
// Made-up evidence with a known shape, for model and plot tests and the GUI benchmark.
#include <cmath>
#include <cstdint>
#include <random>

#include "model/series.hpp"

namespace ts::gui::test {

// A size sweep: `rows` sizes from 1 KiB doubling every 8 rows, `loads` loads each; sizes up to
// `fitsBytes` hit at ~40 cycles, larger ones mostly miss at ~200.
inline Series sizeSweep(int rows, int loads, double fitsBytes, std::uint32_t seed = 1) {
    Series c;
    c.id = "l1.size";
    c.title = "L1 Size";
    c.kind = SeriesKind::Size;
    c.element = Element::L1;
    std::mt19937 rng(seed);
    std::uniform_int_distribution<int> jitter(-3, 3);
    std::uniform_real_distribution<double> u(0, 1);
    for (int r = 0; r < rows; ++r) {
        SeriesRow row;
        row.x = 1024.0 * std::pow(2.0, r / 8.0);
        const bool fits = row.x <= fitsBytes;
        row.latencies.resize(static_cast<std::size_t>(loads));
        for (auto& v : row.latencies) v = static_cast<std::uint32_t>((fits || u(rng) < 0.1 ? 40 : 200) + jitter(rng));
        c.rows.push_back(std::move(row));
    }
    return c;
}

}  // namespace ts::gui::test
