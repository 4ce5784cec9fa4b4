// Physical CU numbering: HW_ID decoding and the driver's CU-mask spreading, on the KFD fixtures.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "amd/cu_layout.hpp"
#include "amd/kfd_topology.hpp"
#include "kfd_fixtures.hpp"

using namespace ts::amd;

namespace {

HwId hwId(int se, int sh, int cu, int xcc = 0, int wave = 3, int simd = 2) {
    return {static_cast<std::uint32_t>(wave | simd << 4 | cu << 8 | sh << 12 | se << 13 | 5 << 16), static_cast<std::uint32_t>(xcc)};
}

CuLayout layoutOf(const std::string& fixture) {
    const auto t = readKfdTopology(ts::test::kfdFixture(fixture));
    return cuLayoutOf(*t.gpus().at(0));
}

}  // namespace

TEST(HipCuLayout, ComesFromTheKfdNode) {
    EXPECT_EQ(layoutOf("mi210"), (CuLayout{1, 8, 1, 16}));
    EXPECT_EQ(layoutOf("mi300x"), (CuLayout{8, 4, 1, 10}));
}

TEST(HipCuLayout, Mi210SlotsAreMt4gPhysicalIds) {
    const CuLayout l{1, 8, 1, 16};
    EXPECT_EQ(physicalCuSlot(hwId(0, 0, 0), l), 0);
    EXPECT_EQ(physicalCuSlot(hwId(1, 0, 0), l), 16);
    EXPECT_EQ(physicalCuSlot(hwId(7, 0, 12), l), 124);
    EXPECT_EQ(physicalCuSlot(hwId(0, 1, 0), l), -1);  // no second shader array on gfx90a
}

TEST(HipCuLayout, Mi300xSlotsCountXccs) {
    const CuLayout l{8, 4, 1, 10};
    EXPECT_EQ(physicalCuSlot(hwId(0, 0, 0, 1), l), 40);
    EXPECT_EQ(physicalCuSlot(hwId(3, 0, 9, 7), l), 319);
    EXPECT_EQ(physicalCuSlot(hwId(0, 0, 10), l), -1);  // CU_ID beyond the slots of an array
    // A CPX partition (one XCC per agent) reading XCC_ID 5 counts from its own start.
    EXPECT_EQ(physicalCuSlot(hwId(2, 0, 3, 5), CuLayout{1, 4, 1, 10}), 23);
}

TEST(HipCuLayout, SlotsAndPositionsRoundTrip) {
    const CuLayout l{8, 4, 1, 10};
    for (int slot = 0; slot < l.slotCount(); ++slot) EXPECT_EQ(slotOf(positionOf(slot, l), l), slot);
}

TEST(HipCuMask, Mi210BitsGoRoundRobinOverShaderEngines) {
    const auto t = readKfdTopology(ts::test::kfdFixture("mi210"));
    const KfdNode& n = *t.gpus().at(0);
    const auto order = predictCuMaskOrder(cuLayoutOf(n), n.activeCus);
    ASSERT_EQ(order.size(), n.activeCus.size());
    EXPECT_EQ(order[0], 0);    // SE0, first active CU
    EXPECT_EQ(order[1], 16);   // SE1
    EXPECT_EQ(order[7], 112);  // SE7
    EXPECT_EQ(order[8], 1);    // SE0, second active CU
    EXPECT_EQ(order[16], 3);   // SE0, third active CU: slot 2 is disabled
    std::vector<int> sorted = order;
    std::sort(sorted.begin(), sorted.end());
    EXPECT_EQ(sorted, n.activeCus);
}

TEST(HipCuMask, Mi300xBitsGoRoundRobinOverXccsFirst) {
    const auto t = readKfdTopology(ts::test::kfdFixture("mi300x"));
    const KfdNode& n = *t.gpus().at(0);
    const auto order = predictCuMaskOrder(cuLayoutOf(n), n.activeCus);
    ASSERT_EQ(order.size(), 304u);
    EXPECT_EQ(order[0], 0);    // XCC0 SE0
    EXPECT_EQ(order[1], 40);   // XCC1 SE0
    EXPECT_EQ(order[8], 10);   // XCC0 SE1
    std::set<int> distinct(order.begin(), order.end());
    distinct.erase(-1);
    EXPECT_EQ(distinct.size(), 304u - static_cast<std::size_t>(std::count(order.begin(), order.end(), -1)));
}
