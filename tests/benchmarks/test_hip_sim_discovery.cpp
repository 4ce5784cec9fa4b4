// The host-side sL1d CU-sharing search on the simulated AMD GPUs, checked against the
// MT4G MI210 report and, through the cross-check, against the KFD fixtures' sibling maps.
#include <gtest/gtest.h>

#include <algorithm>

#include "amd/kfd_topology.hpp"
#include "amd/sl1d_cross_check.hpp"
#include "benchmarks/discovery.hpp"
#include "io/json_file.hpp"
#include "kfd_fixtures.hpp"
#include "sim/profile.hpp"
#include "sim/sim_backend.hpp"
#include "simulated_runs.hpp"

using namespace ts;

namespace {

std::vector<std::vector<int>> measuredScalarGroups(const std::string& profile) {
    Topology topology = test::simulate(loadProfile(profile), {"scalar", "sharing"});
    const Attribute* shared = topology.find(Element::SL1D, "sharedBetween");
    if (!shared) return {};
    return shared->groups;
}

std::vector<std::vector<int>> mt4gSharedBetween(const std::string& file) {
    const auto json = readJsonFile(std::string(TOPOSCOPE_TEST_DATA) + "/mt4g/" + file);
    auto groups = json.at("memory").at("scalarL1").at("sharedBetween").get<std::vector<std::vector<int>>>();
    for (auto& g : groups) std::sort(g.begin(), g.end());
    std::sort(groups.begin(), groups.end());
    return groups;
}

std::string describe(const amd::GroupingCheck& check) {
    std::string s;
    for (const auto& d : check.disagreements) s += d.message + "\n";
    return s;
}

}  // namespace

TEST(HipSimDiscovery, Mi210ScalarGroupsMatchMt4gAndKfd) {
    const auto measured = measuredScalarGroups("mi210");
    ASSERT_FALSE(measured.empty());
    EXPECT_EQ(measured, mt4gSharedBetween("AMD Instinct MI210.json"));

    const auto kfd = amd::readKfdTopology(test::kfdFixture("mi210"));
    const auto check = amd::crossCheckScalarGroups(measured, kfd.gpus().at(0)->scalarL1dGroups);
    EXPECT_TRUE(check.agrees()) << describe(check);
}

TEST(HipSimDiscovery, Mi300xScalarGroupsMatchKfd) {
    const auto measured = measuredScalarGroups("mi300x");
    ASSERT_FALSE(measured.empty());
    const auto kfd = amd::readKfdTopology(test::kfdFixture("mi300x"));
    const auto check = amd::crossCheckScalarGroups(measured, kfd.gpus().at(0)->scalarL1dGroups);
    EXPECT_TRUE(check.agrees()) << describe(check);
}

TEST(HipSimDiscovery, TheMt4gMi210ReportAgreesWithTheKfdSiblingMaps) {
    // Real hardware (MT4G on an MI210) against the driver's layout in the fixture.
    const auto kfd = amd::readKfdTopology(test::kfdFixture("mi210"));
    const auto check = amd::crossCheckScalarGroups(mt4gSharedBetween("AMD Instinct MI210.json"),
                                                   kfd.gpus().at(0)->scalarL1dGroups);
    EXPECT_TRUE(check.agrees()) << describe(check);
}

TEST(HipSimDiscovery, ACrossCheckCatchesAWrongMeasurement) {
    auto measured = mt4gSharedBetween("AMD Instinct MI210.json");
    ASSERT_GE(measured.size(), 2u);
    measured[0].insert(measured[0].end(), measured[1].begin(), measured[1].end());  // merge two groups
    measured.erase(measured.begin() + 1);
    const auto kfd = amd::readKfdTopology(test::kfdFixture("mi210"));
    EXPECT_EQ(amd::crossCheckScalarGroups(measured, kfd.gpus().at(0)->scalarL1dGroups).disagreements.size(), 2u);
}
