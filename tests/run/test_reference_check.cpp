// One GPU against a reference of its model (engine/fleet/reference_check): the fleet's key
// attributes and outlier rule, with a report's values or a fleet's medians as the reference.
#include <gtest/gtest.h>

#include <cmath>

#include "fleet/reference_check.hpp"
#include "fleet_fixtures.hpp"
#include "io/input_error.hpp"

using namespace ts;
using namespace ts::fleet;

namespace {

std::vector<std::string> deviating(const CheckResult& r) {
    std::vector<std::string> ids;
    for (const auto& d : r.deviations) ids.push_back(d.attribute.id);
    return ids;
}

Reference referenceOf(std::initializer_list<test::MemberValues> values) {
    std::vector<FleetMember> members;
    int rank = 0;
    for (const auto& v : values) members.push_back(test::fleetMember("node", rank++, v));
    return referenceFromMembers(members, "ref.json");
}

}  // namespace

TEST(ReferenceCheck, TheReferencesOwnReportDeviatesInNothing) {
    const Reference ref = referenceOf({{}});
    const CheckResult r = checkAgainstReference(test::fleetMember("node", 0).report, ref, {});
    EXPECT_TRUE(r.deviations.empty());
    // segment size, DRAM read bandwidth, L1 latency, SM count, SM clock, L2 API size
    EXPECT_EQ(r.compared, 6u);
}

TEST(ReferenceCheck, AHalvedL2AndASlowMemoryDeviateWithinTolerancesNothingElse) {
    const Reference ref = referenceOf({{}});
    test::MemberValues v;
    v.l2SegmentBytes /= 2;
    v.dramReadGibs = 2600 * 0.9;        // 10 %: beyond the 5 % of bandwidths
    v.l1LatencyCycles = 39;             // one cycle: resolution
    const CheckResult r = checkAgainstReference(test::fleetMember("node", 0, v).report, ref, {});
    EXPECT_EQ(deviating(r), (std::vector<std::string>{"l2.size_per_sm", "dram.read_bandwidth"}));
    const auto& l2 = r.deviations.front();
    ASSERT_TRUE(l2.value);
    EXPECT_DOUBLE_EQ(*l2.value, 26214400 / 2.0);
    EXPECT_DOUBLE_EQ(l2.reference, 26214400);
    EXPECT_DOUBLE_EQ(l2.tolerance, 0.01);
}

TEST(ReferenceCheck, AValueThisRunLacksDeviatesAndOneTheReferenceLacksIsLeftOut) {
    const Reference ref = referenceOf({{}});
    FleetMember run = test::fleetMember("node", 0);
    run.report.element(Element::L2).attributes.clear();                                     // not measured
    run.report.element(Element::L2).set(test::measuredAttribute("size", 123, "bytes"));     // not in the reference
    const CheckResult r = checkAgainstReference(run.report, ref, {});
    ASSERT_EQ(deviating(r), (std::vector<std::string>{"l2.size_per_sm"}));
    EXPECT_FALSE(r.deviations.front().value);
}

TEST(ReferenceCheck, ToleranceFlagsSetAllOrOneAttribute) {
    const Reference ref = referenceOf({{}});
    test::MemberValues v;
    v.dramReadGibs = 2600 * 0.9;
    const Topology run = test::fleetMember("node", 0, v).report;
    Tolerances loose;
    addTolerance(loose, "20");
    EXPECT_TRUE(checkAgainstReference(run, ref, loose).deviations.empty());
    Tolerances strictMemory;
    addTolerance(strictMemory, "50");
    addTolerance(strictMemory, "dram.read_bandwidth=2");
    EXPECT_EQ(deviating(checkAgainstReference(run, ref, strictMemory)), (std::vector<std::string>{"dram.read_bandwidth"}));
    Tolerances bad;
    EXPECT_THROW(addTolerance(bad, "five"), InputError);
    EXPECT_THROW(addTolerance(bad, "-1"), InputError);
    EXPECT_THROW(addTolerance(bad, "l9.size=3"), InputError);
    EXPECT_THROW(addTolerance(bad, "dram.read_bandwidth="), InputError);
}

TEST(ReferenceCheck, AFleetReferenceJudgesByItsMediansAndSpread) {
    // Five GPUs whose DRAM read bandwidth spreads by +-100 GiB/s around 2600.
    const Reference ref = referenceOf({{.dramReadGibs = 2500}, {.dramReadGibs = 2550}, {.dramReadGibs = 2600},
                                       {.dramReadGibs = 2650}, {.dramReadGibs = 2700}});
    EXPECT_EQ(ref.members, 5u);
    Tolerances tight;
    addTolerance(tight, "dram.read_bandwidth=1");
    test::MemberValues within;
    within.dramReadGibs = 2450;  // 5.8 % off, but within the fleet's spread (z = -2.0)
    EXPECT_TRUE(checkAgainstReference(test::fleetMember("n", 9, within).report, ref, tight).deviations.empty());
    test::MemberValues beyond;
    beyond.dramReadGibs = 2000;  // z = -8.1
    const CheckResult r = checkAgainstReference(test::fleetMember("n", 9, beyond).report, ref, tight);
    ASSERT_EQ(deviating(r), (std::vector<std::string>{"dram.read_bandwidth"}));
    EXPECT_LT(r.deviations.front().robustZ, -3.5);
}

TEST(ReferenceCheck, AReferenceIsOneGpuModels) {
    std::vector<FleetMember> members{test::fleetMember("a", 0), test::fleetMember("b", 1)};
    members[1].report.device.name = "Other GPU";
    EXPECT_THROW(referenceFromMembers(members, "mixed.json"), InputError);
    EXPECT_THROW(referenceFromMembers({}, "empty.json"), InputError);
}

TEST(ReferenceCheck, TheGroupsToRunAreThoseThatMeasureWhatTheReferenceHolds) {
    EXPECT_EQ(groupsForReference(referenceOf({{}})), "bandwidth,l1,l2");
}

TEST(ReferenceCheck, AValueMeasuredAtHalfConfidenceDeviatesAsDoubted) {
    const Reference ref = referenceOf({{}});
    FleetMember run = test::fleetMember("node", 0, {.dramReadGibs = 1300});
    run.report.element(Element::DeviceMemory).set(test::measuredAttribute("readBandwidth", 1300, "GiB/s", 0.5));
    const CheckResult r = checkAgainstReference(run.report, ref, {});
    ASSERT_EQ(deviating(r), (std::vector<std::string>{"dram.read_bandwidth"}));
    EXPECT_TRUE(r.deviations.front().doubted());
    EXPECT_EQ(r.doubted, 1u);
}

TEST(ReferenceCheck, AReferenceOfAnotherTopoScopeSaysSo) {
    std::vector<FleetMember> members{test::fleetMember("a", 0)};
    members[0].report.toolBuild = BuildInfo{"0.1.0", "9f72e91", {"cuda"}, {"90"}, {}};
    const Reference ref = referenceFromMembers(members, "old.json");
    EXPECT_EQ(ref.measuredBy, "0.1.0 (commit 9f72e91)");
    Topology run = test::fleetMember("b", 0).report;
    run.toolBuild = BuildInfo{"0.1.0", "0649839", {"cuda"}, {"90"}, {}};
    const CheckResult r = checkAgainstReference(run, ref, {});
    ASSERT_EQ(r.notes.size(), 1u);
    EXPECT_NE(r.notes.front().find("9f72e91"), std::string::npos) << r.notes.front();
    EXPECT_TRUE(checkAgainstReference(members[0].report, ref, {}).notes.empty());
}
