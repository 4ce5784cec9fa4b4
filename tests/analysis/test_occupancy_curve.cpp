// The roofline's analysis (issue 38): plateau, 90 % point and Little's law on hand-made curves.
#include <gtest/gtest.h>

#include <algorithm>

#include "analysis/occupancy_curve.hpp"

using namespace ts;

namespace {

// Bandwidth min(warps x loads x 10, 100): 90 % needs 9 warp-wide loads in flight.
std::vector<OccupancyPoint> saturating() {
    std::vector<OccupancyPoint> points;
    for (int loads : {1, 2, 4, 8})
        for (int warps : {1, 2, 3, 4, 6, 8, 12, 16}) points.push_back({warps, loads, std::min(warps * loads * 10.0, 100.0)});
    return points;
}

}  // namespace

TEST(OccupancyCurve, PlateauAndTheLeastOccupancyReachingNinetyPercent) {
    const OccupancyFinding f = analyseOccupancy(saturating());
    ASSERT_TRUE(f.decided) << f.reason;
    EXPECT_DOUBLE_EQ(f.plateau, 100);
    EXPECT_EQ(f.warpsAt90, 2);      // 2 warps x 8 loads; 1 x 8 reads 80
    EXPECT_EQ(f.loadsAt90, 8);
    EXPECT_EQ(f.warpLoadsAt90, 12);  // 3 x 4 (or 12 x 1): the fewest loads in flight that reach 90
}

TEST(OccupancyCurve, ACurveStillRisingAtItsEndIsUndecided) {
    std::vector<OccupancyPoint> rising;
    for (int warps : {1, 2, 4, 8, 16}) rising.push_back({warps, 1, warps * 10.0});
    const OccupancyFinding f = analyseOccupancy(rising);
    EXPECT_FALSE(f.decided);
    EXPECT_NE(f.reason.find("still rise"), std::string::npos);
    EXPECT_FALSE(analyseOccupancy({{4, 1, 50.0}, {4, 2, 60.0}}).decided);  // one occupancy only
    EXPECT_FALSE(analyseOccupancy({}).decided);
}

TEST(OccupancyCurve, LittlesLawAgreesOrSaysWhichWay) {
    const OccupancyFinding f = analyseOccupancy(saturating());
    // 12 warp-wide loads of 32 lanes x 16 bytes = 6 KiB in flight.
    const LittleCheck near = littlesLaw(100, 50, f, 32, 16);  // 100 cycles x 45 B/cycle = 4.4 KiB
    EXPECT_TRUE(near.agrees) << near.text;
    EXPECT_DOUBLE_EQ(near.providedBytes, 6144);
    const LittleCheck slowUnderLoad = littlesLaw(10, 50, f, 32, 16);  // 450 bytes needed: 13.7 x less
    EXPECT_FALSE(slowUnderLoad.agrees);
    EXPECT_NE(slowUnderLoad.text.find("x what the idle latency needs"), std::string::npos) << slowUnderLoad.text;
    const LittleCheck fast = littlesLaw(1000, 50, f, 32, 16);  // 44 KiB needed, 6 KiB kept
    EXPECT_FALSE(fast.agrees);
    EXPECT_NE(fast.text.find("less than the idle latency needs"), std::string::npos) << fast.text;
    EXPECT_FALSE(littlesLaw(0, 50, f, 32, 16).agrees);
}
