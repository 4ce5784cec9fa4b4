// Issue 39: TPCs and GPCs from where thread-block clusters ran (analysis/cluster_layout.hpp).
#include <gtest/gtest.h>

#include <numeric>

#include "analysis/cluster_layout.hpp"

using namespace ts;

namespace {

std::vector<int> unitsUpTo(int n) {
    std::vector<int> u(static_cast<std::size_t>(n));
    std::iota(u.begin(), u.end(), 0);
    return u;
}

// Two GPCs: units 0-7 and 8-11; TPCs (2k, 2k+1). Clusters of two on the TPCs, of four spanning
// two TPCs of one GPC, in every launch.
std::vector<ClusterSample> twoGpcs(int launches) {
    std::vector<ClusterSample> s;
    for (int l = 0; l < launches; ++l) {
        for (int t = 0; t < 6; ++t) s.push_back({2, l, {2 * t, 2 * t + 1}});
        const int shift = l % 2 ? 2 : 0;  // which TPCs of the first GPC go together changes
        s.push_back({4, l, {0, 1, 2 + shift, 3 + shift}});
        s.push_back({4, l, {4 - shift, 5 - shift, 6, 7}});
        s.push_back({4, l, {8, 9, 10, 11}});
    }
    return s;
}

}  // namespace

TEST(ClusterLayout, PairsAndGroupsOfTheClustersAreTheTpcsAndGpcs) {
    const ClusterLayout layout = analyseClusterLayout(twoGpcs(8), unitsUpTo(12), 8);
    ASSERT_TRUE(layout.tpcs.decided) << layout.tpcs.reason;
    EXPECT_GT(layout.tpcs.confidence, 0.5);
    EXPECT_EQ(layout.tpcs.groups, (std::vector<std::vector<int>>{{0, 1}, {2, 3}, {4, 5}, {6, 7}, {8, 9}, {10, 11}}));
    ASSERT_TRUE(layout.gpcs.decided) << layout.gpcs.reason;
    EXPECT_GT(layout.gpcs.confidence, 0.5);
    EXPECT_FALSE(layout.gpcs.atLeast);
    EXPECT_EQ(layout.gpcs.groups, (std::vector<std::vector<int>>{{0, 1, 2, 3, 4, 5, 6, 7}, {8, 9, 10, 11}}));
}

TEST(ClusterLayout, PartnersThatChangeAreNoTpc) {
    std::vector<ClusterSample> s = twoGpcs(8);
    s.push_back({2, 3, {1, 2}});
    const ClusterLayout layout = analyseClusterLayout(s, unitsUpTo(12), 8);
    EXPECT_FALSE(layout.tpcs.decided);
    EXPECT_NE(layout.tpcs.reason.find("changing partners"), std::string::npos) << layout.tpcs.reason;
}

TEST(ClusterLayout, UnitsOnlyInPairsLeaveTheGpcCountALowerBound) {
    std::vector<ClusterSample> s = twoGpcs(8);
    for (int l = 0; l < 8; ++l) s.push_back({2, l, {12, 13}});
    const ClusterLayout layout = analyseClusterLayout(s, unitsUpTo(14), 8);
    ASSERT_TRUE(layout.gpcs.decided);
    EXPECT_TRUE(layout.gpcs.atLeast);
    EXPECT_EQ(layout.gpcs.groups.size(), 2u);
    EXPECT_NE(layout.gpcs.reason.find("12, 13"), std::string::npos) << layout.gpcs.reason;
    EXPECT_EQ(layout.tpcs.groups.size(), 7u);
}

// A group that only the second half of the launches joined is not settled: more launches might
// join further groups.
TEST(ClusterLayout, GroupsStillGrowingAreHeldAtHalf) {
    std::vector<ClusterSample> s;
    for (int l = 0; l < 8; ++l) {
        for (int t = 0; t < 4; ++t) s.push_back({2, l, {2 * t, 2 * t + 1}});
        s.push_back({4, l, {0, 1, 2, 3}});
        s.push_back({4, l, l < 4 ? std::vector<int>{4, 5, 6, 7} : std::vector<int>{2, 3, 4, 5}});
    }
    const ClusterLayout layout = analyseClusterLayout(s, unitsUpTo(8), 8);
    ASSERT_TRUE(layout.gpcs.decided);
    EXPECT_LE(layout.gpcs.confidence, 0.5);
    EXPECT_EQ(layout.gpcs.groups.size(), 1u);
}

TEST(ClusterLayout, NoClusterAboveTwoDecidesNoGpc) {
    std::vector<ClusterSample> s;
    for (int l = 0; l < 4; ++l)
        for (int t = 0; t < 4; ++t) s.push_back({2, l, {2 * t, 2 * t + 1}});
    const ClusterLayout layout = analyseClusterLayout(s, unitsUpTo(8), 4);
    EXPECT_TRUE(layout.tpcs.decided);
    EXPECT_FALSE(layout.gpcs.decided);
}
