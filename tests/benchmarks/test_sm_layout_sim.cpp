// Issue 39: the SM -> TPC -> GPC layout found by thread-block clusters against the simulator's
// truth (sim/sm_layout.hpp), on the built-in H100 and on harvested parts whose GPCs differ in size.
#include <gtest/gtest.h>

#include <algorithm>

#include "model/attribute_names.hpp"
#include "sim/profile.hpp"
#include "sim/sm_layout.hpp"
#include "simulated_runs.hpp"

using namespace ts;

namespace {

using Groups = std::vector<std::vector<int>>;

Groups sorted(Groups g) {
    for (auto& x : g) std::sort(x.begin(), x.end());
    std::sort(g.begin(), g.end());
    return g;
}

// The truth as unit ids: each TPC's SMs, each GPC's SMs.
std::pair<Groups, Groups> truthOf(const SimProfile& profile) {
    const sim_detail::SmLayout layout = sim_detail::smLayout(profile);
    return {sorted(layout.tpcs), sim_detail::gpcUnits(layout)};
}

void expectLayout(const SimProfile& profile) {
    const Topology t = test::simulate(profile, {"layout"});
    const auto [tpcs, gpcs] = truthOf(profile);
    const Attribute* foundTpcs = t.find(Element::Compute, attr::tpcs);
    const Attribute* foundGpcs = t.find(Element::Compute, attr::gpcs);
    ASSERT_NE(foundTpcs, nullptr);
    ASSERT_NE(foundGpcs, nullptr);
    EXPECT_GT(foundTpcs->confidence, 0.5) << foundTpcs->reason;
    EXPECT_GT(foundGpcs->confidence, 0.5) << foundGpcs->reason;
    EXPECT_EQ(foundTpcs->groups, tpcs);
    EXPECT_EQ(foundGpcs->groups, gpcs) << foundGpcs->reason;
    EXPECT_EQ(foundGpcs->value, static_cast<double>(gpcs.size()));
    EXPECT_FALSE(foundGpcs->lowerBound);
    const Attribute* largest = t.find(Element::Compute, attr::largestClusterSize);
    ASSERT_NE(largest, nullptr);
    EXPECT_EQ(largest->value, profile.compute.maxClusterSize);
}

}  // namespace

TEST(SmLayoutSim, TheH100sTpcsAndGpcsAreFound) {
    const SimProfile profile = loadProfile("h100");
    ASSERT_FALSE(profile.compute.tpcsPerGpc.empty());
    expectLayout(profile);
    const Topology t = test::simulate(profile, {"layout"});
    EXPECT_EQ(t.find(Element::Compute, attr::tpcs)->value, 66);
    for (const auto& gpc : t.find(Element::Compute, attr::gpcs)->groups) EXPECT_LE(gpc.size(), 18u);
}

// GPCs of 9, 7, 5 and 2 TPCs, harvested SM ids (every tenth id fused off), clusters up to 8.
TEST(SmLayoutSim, HarvestedGpcsOfDifferentSizesAreFound) {
    SimProfile profile = loadProfile("h100");
    profile.compute.tpcsPerGpc = {9, 7, 5, 2};
    profile.compute.smCount = 46;
    profile.compute.maxClusterSize = 8;
    profile.compute.physicalCuIds.clear();
    for (int u = 0; u < profile.compute.smCount; ++u) profile.compute.physicalCuIds.push_back(u + u / 9);
    profile.mig.reset();
    expectLayout(profile);
}

TEST(SmLayoutSim, AGpuWithoutClustersLeavesTheLayoutUndecidedAndSaysWhy) {
    const Topology t = test::simulate(loadProfile("a100"), {"layout"});
    const Attribute* tpcs = t.find(Element::Compute, attr::tpcs);
    ASSERT_NE(tpcs, nullptr);
    EXPECT_EQ(tpcs->confidence, 0);
    EXPECT_NE(tpcs->reason.find("no thread-block clusters"), std::string::npos) << tpcs->reason;
}
