// Misses that begin before a size sweep's knee (issue 34).
#include <gtest/gtest.h>

#include "analysis/knee_ramp.hpp"

using namespace ts;

namespace {

// A row of 256 loads at `bytes`, `misses` of them at 200 cycles, the rest hits at 50.
SeriesRow row(double bytes, int misses) {
    SeriesRow r;
    r.x = bytes;
    for (int k = 0; k < 256; ++k) r.latencies.push_back(k < misses ? 200 : 50 + static_cast<std::uint32_t>(k % 3));
    return r;
}

Series sweep(const std::vector<std::pair<double, int>>& rows) {
    Series s;
    s.kind = SeriesKind::Size;
    for (const auto& [bytes, misses] : rows) s.rows.push_back(row(bytes, misses));
    return s;
}

}  // namespace

// The calibration's 2-way hashed sL1d: 2-4 % misses from 8 KiB on, the step at 15.7 KiB.
TEST(KneeRamp, RowsMissingBeforeTheKneeStartTheRamp) {
    const Series s = sweep({{4096, 0}, {8192, 6}, {12288, 9}, {15360, 10}, {15744, 17}, {16384, 37}, {32768, 256}});
    const auto start = missRampStart(s, 15744);
    ASSERT_TRUE(start.has_value());
    EXPECT_EQ(*start, 8192);
}

TEST(KneeRamp, CleanRowsBelowTheKneeAreNoRamp) {
    const Series s = sweep({{4096, 1}, {8192, 2}, {12288, 0}, {15360, 3}, {15744, 40}, {32768, 256}});
    EXPECT_FALSE(missRampStart(s, 15744).has_value());
}

TEST(KneeRamp, OneMissingRowAloneIsABlip) {
    const Series s = sweep({{4096, 0}, {8192, 30}, {12288, 0}, {15360, 1}, {15744, 40}, {32768, 256}});
    EXPECT_FALSE(missRampStart(s, 15744).has_value());
}

// The rows next to the knee (within 2 %) belong to its step, and shown-only rows to no analysis.
TEST(KneeRamp, TheStepItselfAndShownOnlyRowsDoNotCount) {
    Series s = sweep({{4096, 0}, {15500, 20}, {15744, 40}, {32768, 256}});
    SeriesRow shown = row(2048, 100);
    shown.label = std::string(kShownOnlyLabel);
    s.rows.push_back(shown);
    s.rows.push_back(shown);
    EXPECT_FALSE(missRampStart(s, 15744).has_value());
}

TEST(KneeRamp, NoHitMissSplitNoRamp) { EXPECT_FALSE(missRampStart(sweep({{4096, 0}, {8192, 0}}), 8192).has_value()); }
