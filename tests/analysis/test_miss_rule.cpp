#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "analysis/miss_rule.hpp"
#include "analysis/robust.hpp"

namespace ts {
namespace {

TEST(MissRule, FenceIsQ3PlusThreeIqrByInterpolatedQuartiles) {
    // Sorted 10,20,30,40,50: Q1 = 20, Q3 = 40 at positions 1 and 3 of q(n-1).
    EXPECT_DOUBLE_EQ(missThreshold({50, 10, 40, 20, 30}), 40 + 3 * 20);
    // Four samples: Q1 at position 0.75 (17.5), Q3 at 2.25 (32.5).
    EXPECT_DOUBLE_EQ(missThreshold({10, 20, 30, 40}), 32.5 + 3 * 15);
    EXPECT_DOUBLE_EQ(missThreshold({}), 0);
}

TEST(MissRule, RowShowsMissesOnlyWhenItsMedianIsAboveTheFence) {
    const HitReference ref = hitReference({100, 100, 101, 100, 102});
    EXPECT_DOUBLE_EQ(ref.median, 100);
    EXPECT_DOUBLE_EQ(ref.fence, 101 + 3 * 1);
    EXPECT_FALSE(showsMisses(ref, {100, 104, 300}));
    EXPECT_TRUE(showsMisses(ref, {100, 105, 300}));
    // Half the loads above the fence is no majority, although the interpolated median (200) is above it.
    EXPECT_FALSE(showsMisses(ref, {100, 100, 300, 300}));
    EXPECT_TRUE(showsMisses(ref, {100, 300, 300, 300}));
    EXPECT_FALSE(showsMisses(ref, {}));
}

TEST(Median, OneRuleForCyclesAndValues) {
    EXPECT_DOUBLE_EQ(median(std::vector<std::uint32_t>{4, 1, 3, 2}), 2.5);
    EXPECT_DOUBLE_EQ(median(std::vector<double>{4, 1, 3, 2}), 2.5);
    EXPECT_DOUBLE_EQ(median(std::vector<double>{}), 0);
}

}  // namespace
}  // namespace ts
