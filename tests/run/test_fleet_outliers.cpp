// The MAD outlier rule and the comparison table built on it.
#include <gtest/gtest.h>

#include <cmath>
#include <set>

#include "fleet/compare.hpp"
#include "fleet/outlier_rule.hpp"
#include "fleet_fixtures.hpp"

using namespace ts;
using namespace ts::fleet;

namespace {

std::vector<std::optional<double>> values(std::initializer_list<double> list) {
    return {list.begin(), list.end()};
}

std::vector<std::size_t> flagged(const OutlierVerdict& v) {
    std::vector<std::size_t> out;
    for (std::size_t i = 0; i < v.outlier.size(); ++i)
        if (v.outlier[i]) out.push_back(i);
    return out;
}

std::size_t attributeIndex(const Comparison& c, const std::string& id) {
    for (std::size_t a = 0; a < c.attributes.size(); ++a)
        if (c.attributes[a].id == id) return a;
    ADD_FAILURE() << "no attribute " << id;
    return 0;
}

}  // namespace

TEST(FleetOutlierRule, FlagsTheOneSlowValueAmongNoisyOnes) {
    const auto v = judgeOutliers(values({2600, 2590, 2612, 2605, 2597, 2603, 2000, 2608}));
    ASSERT_TRUE(v.decided);
    EXPECT_EQ(flagged(v), (std::vector<std::size_t>{6}));
    EXPECT_LT(v.robustZ[6], -3.5);
    EXPECT_NEAR(v.median, 2601.5, 1e-9);
}

TEST(FleetOutlierRule, NoisyValuesWithoutAnOddOneAreNotFlagged) {
    const auto v = judgeOutliers(values({2600, 2590, 2612, 2605, 2597, 2603, 2594, 2608}));
    ASSERT_TRUE(v.decided);
    EXPECT_TRUE(flagged(v).empty());
}

TEST(FleetOutlierRule, ModifiedZScoreFollowsTheFormula) {
    // median 10, deviations {0,1,1,0,10} -> MAD 1; x = 20 gives z = 0.6745 * 10 / 1.
    const auto v = judgeOutliers(values({10, 9, 11, 10, 20}));
    ASSERT_TRUE(v.decided);
    EXPECT_DOUBLE_EQ(v.median, 10.0);
    EXPECT_DOUBLE_EQ(v.mad, 1.0);
    EXPECT_NEAR(v.robustZ[4], 6.745, 1e-12);
    EXPECT_NEAR(v.robustZ[1], -0.6745, 1e-12);
    EXPECT_EQ(flagged(v), (std::vector<std::size_t>{4}));
}

TEST(FleetOutlierRule, ZJustBelowTheCutIsNotAnOutlier) {
    // MAD 1, median 100: x = 105 gives z = 3.37 (kept), x = 106 gives z = 4.05 (flagged).
    EXPECT_TRUE(flagged(judgeOutliers(values({100, 99, 101, 100, 99, 101, 105}))).empty());
    EXPECT_EQ(flagged(judgeOutliers(values({100, 99, 101, 100, 99, 101, 106}))), (std::vector<std::size_t>{6}));
}

TEST(FleetOutlierRule, ZeroMadUsesTheRelativeTolerance) {
    // Three identical, one 20 % smaller: flagged. One 0.5 % off: within tolerance.
    const auto fault = judgeOutliers(values({26214400, 26214400, 26214400, 20971520}));
    ASSERT_TRUE(fault.decided);
    EXPECT_DOUBLE_EQ(fault.mad, 0);
    EXPECT_EQ(flagged(fault), (std::vector<std::size_t>{3}));
    EXPECT_TRUE(std::isinf(fault.robustZ[3]) && fault.robustZ[3] < 0);
    EXPECT_EQ(fault.robustZ[0], 0);
    EXPECT_TRUE(flagged(judgeOutliers(values({2600, 2600, 2600, 2613}))).empty());
    EXPECT_EQ(flagged(judgeOutliers(values({2600, 2600, 2600, 2630}))), (std::vector<std::size_t>{3}));
}

TEST(FleetOutlierRule, TinySpreadDoesNotMakeTinyDeviationsOutliers) {
    // MAD 0.1 makes z of a 0.4 % deviation huge; the relative tolerance keeps it in.
    const auto v = judgeOutliers(values({1000.0, 1000.1, 999.9, 1000.0, 1004.0}));
    ASSERT_TRUE(v.decided);
    EXPECT_GT(std::abs(v.robustZ[4]), 3.5);
    EXPECT_TRUE(flagged(v).empty());
}

TEST(FleetOutlierRule, ResolutionIgnoresOneCycleDifferences) {
    EXPECT_EQ(flagged(judgeOutliers(values({38, 38, 38, 39}))), (std::vector<std::size_t>{3}));
    EXPECT_TRUE(flagged(judgeOutliers(values({38, 38, 38, 39}), 1)).empty());
    EXPECT_EQ(flagged(judgeOutliers(values({38, 38, 38, 41}), 1)), (std::vector<std::size_t>{3}));
}

TEST(FleetOutlierRule, FewerThanThreeValuesGiveNoVerdict) {
    const auto v = judgeOutliers(values({100, 200}));
    EXPECT_FALSE(v.decided);
    EXPECT_TRUE(flagged(v).empty());
    EXPECT_NE(v.reason.find("at least 3"), std::string::npos);
    std::vector<std::optional<double>> gaps{100.0, std::nullopt, std::nullopt, 300.0};
    EXPECT_FALSE(judgeOutliers(gaps).decided);
}

TEST(FleetOutlierRule, MissingValuesTakeNoPartAndAreNeverFlagged) {
    std::vector<std::optional<double>> in{100.0, std::nullopt, 100.0, 100.0, 50.0};
    const auto v = judgeOutliers(in);
    ASSERT_TRUE(v.decided);
    EXPECT_EQ(flagged(v), (std::vector<std::size_t>{4}));
    EXPECT_FALSE(v.outlier[1]);
}

TEST(FleetCompare, FlagsExactlyThePlantedAttributeOfThePlantedMember) {
    std::vector<FleetMember> members;
    for (int r = 0; r < 4; ++r) members.push_back(test::fleetMember("node01", r));
    members.push_back(test::fleetMember("node02", 4, {.dramReadGibs = 1900}));
    for (int r = 5; r < 8; ++r) members.push_back(test::fleetMember("node02", r));
    const Comparison c = compare(members);
    ASSERT_EQ(c.cells.size(), 8u);
    ASSERT_EQ(c.memberLabels[4], "node02 GPU 4 (rank 4)");
    const std::size_t dram = attributeIndex(c, "dram.read_bandwidth");
    for (std::size_t i = 0; i < c.cells.size(); ++i)
        for (std::size_t a = 0; a < c.attributes.size(); ++a)
            EXPECT_EQ(c.cells[i][a].outlier, i == 4 && a == dram) << c.memberLabels[i] << " " << c.attributes[a].id;
    EXPECT_EQ(c.outlierCount(), 1u);
    EXPECT_DOUBLE_EQ(*c.cells[4][dram].value, 1900);
    // The median the rule judged against comes with the comparison (the fleet view's tooltips).
    ASSERT_EQ(c.medians.size(), c.attributes.size());
    std::vector<std::optional<double>> column;
    for (const auto& row : c.cells) column.push_back(row[dram].value);
    ASSERT_TRUE(c.medians[dram].has_value());
    EXPECT_DOUBLE_EQ(*c.medians[dram], judgeOutliers(column).median);
    EXPECT_NE(*c.medians[dram], 1900);
}

TEST(FleetCompare, FewerThanThreeGpusHaveNoMedianToShow) {
    const Comparison c = compare({test::fleetMember("a", 0), test::fleetMember("a", 1)});
    ASSERT_EQ(c.medians.size(), c.attributes.size());
    for (const auto& m : c.medians) EXPECT_FALSE(m.has_value());
}

TEST(FleetCompare, ThrottledClockAndSmallSegmentAreBothFound) {
    std::vector<FleetMember> members{test::fleetMember("a", 0), test::fleetMember("a", 1, {.clockKhz = 1410000}),
                                     test::fleetMember("a", 2), test::fleetMember("a", 3, {.l2SegmentBytes = 20971520})};
    const Comparison c = compare(members);
    EXPECT_TRUE(c.cells[1][attributeIndex(c, "device.sm_clock")].outlier);
    EXPECT_TRUE(c.cells[3][attributeIndex(c, "l2.size_per_sm")].outlier);
    EXPECT_EQ(c.outlierCount(), 2u);
}

TEST(FleetCompare, TwoGpusGiveValuesButNoVerdictAndSaySo) {
    std::vector<FleetMember> members{test::fleetMember("a", 0), test::fleetMember("a", 1, {.dramReadGibs = 100})};
    const Comparison c = compare(members);
    EXPECT_EQ(c.outlierCount(), 0u);
    ASSERT_FALSE(c.notes.empty());
    EXPECT_NE(c.notes.front().find("at least 3"), std::string::npos);
    EXPECT_DOUBLE_EQ(*c.cells[1][attributeIndex(c, "dram.read_bandwidth")].value, 100);
}

TEST(FleetCompare, UndecidedBenchmarkIsAMissingValueNotAnOutlier) {
    std::vector<FleetMember> members{test::fleetMember("a", 0), test::fleetMember("a", 1), test::fleetMember("a", 2),
                                     test::fleetMember("a", 3)};
    members[2].report.element(Element::L2).set(test::measuredAttribute("segmentSize", 0, "bytes", 0.0));
    const Comparison c = compare(members);
    const std::size_t seg = attributeIndex(c, "l2.size_per_sm");
    EXPECT_FALSE(c.cells[2][seg].value.has_value());
    EXPECT_EQ(c.outlierCount(), 0u);
    bool noted = false;
    for (const auto& n : c.notes) noted = noted || n.find("l2.size_per_sm: no value for a GPU 2") != std::string::npos;
    EXPECT_TRUE(noted);
}

TEST(FleetCompare, DuplicateUuidIsNoted) {
    std::vector<FleetMember> members{test::fleetMember("a", 0), test::fleetMember("a", 1), test::fleetMember("a", 2)};
    members[2].uuid = members[0].uuid;
    const Comparison c = compare(members);
    bool noted = false;
    for (const auto& n : c.notes) noted = noted || n.find("appears twice") != std::string::npos;
    EXPECT_TRUE(noted);
}

TEST(FleetKeyAttributes, EveryAttributeHasAUniqueIdAndALabel) {
    std::set<std::string> ids;
    for (const auto& a : keyAttributes()) {
        EXPECT_FALSE(a.label.empty()) << a.id;
        EXPECT_TRUE(ids.insert(a.id).second) << "duplicate " << a.id;
        EXPECT_FALSE(keyValue(Topology{}, a.id).has_value()) << a.id << " has a value in an empty report";
    }
    EXPECT_FALSE(keyValue(test::fleetMember("a", 0).report, "no.such.attribute").has_value());
}

TEST(FleetKeyAttributes, EachNamesTheElementsItIsReadFrom) {
    for (const auto& a : keyAttributes()) {
        const std::string prefix = a.id.substr(0, a.id.find('.'));
        if (prefix == "device") EXPECT_TRUE(a.elements.empty()) << a.id;
        else EXPECT_FALSE(a.elements.empty()) << a.id;
    }
    const std::vector<Element> l1{Element::L1, Element::VL1}, l2{Element::L2};
    for (const auto& a : keyAttributes()) {
        if (a.id == "l1.size") EXPECT_EQ(a.elements, l1);
        if (a.id == "l2.far_latency") EXPECT_EQ(a.elements, l2);
    }
}

TEST(FleetKeyAttributes, ValuesComeFromTheReportInTheListedUnit) {
    Topology t = test::fleetMember("a", 0, {.clockKhz = 1755000}).report;
    t.device.vendor = Vendor::Amd;
    t.element(Element::VL1).set(test::measuredAttribute("size", 16384, "bytes"));
    t.device.extra["sm_clock_mhz_now"] = "1410";
    EXPECT_DOUBLE_EQ(*keyValue(t, "device.sm_clock"), 1755);
    EXPECT_DOUBLE_EQ(*keyValue(t, "device.sm_clock_now"), 1410);
    EXPECT_DOUBLE_EQ(*keyValue(t, "l1.size"), 16384);
    EXPECT_DOUBLE_EQ(*keyValue(t, "l2.api_size"), 52428800);
    EXPECT_DOUBLE_EQ(*keyValue(t, "l2.size_per_sm"), 26214400);
    t.device.extra["sm_clock_mhz_now"] = "N/A";
    EXPECT_FALSE(keyValue(t, "device.sm_clock_now").has_value());
}
