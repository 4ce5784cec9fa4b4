// The latency of one reading of another unit's array (L2 Distance, issue 39).
#include <gtest/gtest.h>

#include "analysis/segment_reading.hpp"

using namespace ts;

namespace {

std::vector<std::uint32_t> reading(std::size_t farLines, std::uint32_t far, std::size_t nearLines, std::uint32_t near) {
    std::vector<std::uint32_t> loads;
    for (std::size_t k = 0; k < farLines; ++k) loads.push_back(far + static_cast<std::uint32_t>(k % 5) - 2);
    for (std::size_t k = 0; k < nearLines; ++k) loads.push_back(near + static_cast<std::uint32_t>(k % 5) - 2);
    return loads;
}

}  // namespace

TEST(SegmentReading, AReadingOfOneLevelIsItsInterquartileMean) {
    EXPECT_NEAR(readingLatency(reading(0, 0, 248, 280)), 280, 0.1);
    EXPECT_NEAR(readingLatency(reading(248, 460, 0, 0)), 460, 0.1);
}

TEST(SegmentReading, OutliersDoNotMoveIt) {
    auto loads = reading(0, 0, 200, 280);
    loads[17] = 5000;
    loads[90] = 1200;
    EXPECT_NEAR(readingLatency(loads), 280, 0.1);
}

// The H200's far reading: the first 32 lines far, the rest near. The whole would say near.
TEST(SegmentReading, AReadingThatTurnsNearAfterItsFirstLinesIsFar) {
    EXPECT_NEAR(readingLatency(reading(kFarFirstLines, 460, 216, 280)), 460, 0.5);
}

TEST(SegmentReading, NoLoadsGiveZero) { EXPECT_EQ(readingLatency({}), 0); }
