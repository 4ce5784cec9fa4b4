// Is a hashed cache's knee its capacity: rows past it that miss as an even spread would (issue 34).
#include <gtest/gtest.h>

#include "analysis/even_spread.hpp"

using namespace ts;

namespace {

std::vector<OverflowRow> rowsOf(const std::vector<double>& overKnee, const auto& missShare) {
    std::vector<OverflowRow> rows;
    for (double x : overKnee) rows.push_back({x, missShare(x)});
    return rows;
}

const std::vector<double> kPastTheKnee{1.01, 1.03, 1.06, 1.1, 1.15, 1.2, 1.24};

}  // namespace

TEST(EvenSpread, AFullSetUnderLruMissesEveryLine) {
    EXPECT_DOUBLE_EQ(evenSpreadMissShare(1.0, 8, "lru"), 0);
    // Every set holds 9 lines of 8 ways: a cyclic walk misses all of them.
    EXPECT_DOUBLE_EQ(evenSpreadMissShare(1.125, 8, "lru"), 1);
    // Half the sets hold 9: they miss; the other half hit.
    EXPECT_NEAR(evenSpreadMissShare(1.0625, 8, "lru"), 9.0 / 17.0, 1e-9);
    // A random policy keeps some of an overflowing set's lines.
    EXPECT_LT(evenSpreadMissShare(1.125, 8, "random"), 0.9);
}

TEST(EvenSpread, RowsThatMissAsAnEvenSpreadMakeTheKneeTheCapacity) {
    const auto rows = rowsOf(kPastTheKnee, [](double x) { return std::min(1.0, evenSpreadMissShare(x, 16, "random") + 0.03); });
    const EvenSpreadFit fit = fitEvenSpread(rows, 16);
    EXPECT_TRUE(fit.fits) << fit.reason;
    EXPECT_NE(fit.policies.find("random"), std::string::npos) << fit.policies;
}

// A scattering index: its fullest sets overflowed before the knee, and past it misses rise slowly
// (the calibration's scrambled 4-way L2: 4 % at 1.06 x the knee, 9 % at 1.21 x).
TEST(EvenSpread, MissesThatRiseSlowlyAreAScatteringIndex) {
    const auto rows = rowsOf(kPastTheKnee, [](double x) { return 0.4 * (x - 1); });
    const EvenSpreadFit fit = fitEvenSpread(rows, 4);
    EXPECT_FALSE(fit.fits);
    EXPECT_NE(fit.reason.find("scatters"), std::string::npos) << fit.reason;
}

TEST(EvenSpread, RowsTooCloseToTheKneeDecideNothing) {
    const auto rows = rowsOf({1.001, 1.002, 1.003, 1.004, 1.005}, [](double) { return 0.0; });
    const EvenSpreadFit fit = fitEvenSpread(rows, 32);
    EXPECT_FALSE(fit.fits);
    EXPECT_NE(fit.reason.find("too few rows"), std::string::npos) << fit.reason;
    EXPECT_FALSE(fitEvenSpread({}, 8).fits);
    EXPECT_FALSE(fitEvenSpread(rowsOf(kPastTheKnee, [](double) { return 1.0; }), 1).fits);  // one way: no set model
}
