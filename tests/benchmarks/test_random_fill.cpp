// Random fill (issue 22): ways and replacement policy of caches too large for an eviction-set
// search, from how many random lines survive; the decision on given shares, then end to end on
// the simulator from hidden truth.
#include <gtest/gtest.h>

#include <set>

#include "analysis/random_fill.hpp"
#include "benchmarks/discovery.hpp"
#include "sim/profile.hpp"
#include "sim/sim_backend.hpp"
#include "sim_test_profiles.hpp"
#include "simulated_runs.hpp"

using namespace ts;

namespace {

constexpr std::uint64_t kCapacity = 1u << 22;  // an MI300X's Infinity Cache in 64-byte lines

RandomFillMeasurement walksOfAnInfinityCache() {
    RandomFillMeasurement m;
    m.capacityLines = kCapacity;
    m.regionLines = kRegionFactor * kCapacity;
    return m;
}

// The walks `walks` describes, measuring `shares` (fills, reuse first half, reuse second half).
RandomFillMeasurement measuredOn(const RandomFillMeasurement& walks, const std::vector<double>& shares, double loads = 1e6) {
    RandomFillMeasurement m = walks;
    for (std::size_t i = 0; i < std::size(kRandomFillFractions); ++i) m.fills.push_back(HitCount{loads, shares[i] * loads});
    m.reuseFirstHalf = HitCount{loads, shares[std::size(kRandomFillFractions)] * loads};
    m.reuseSecondHalf = HitCount{loads, shares[std::size(kRandomFillFractions) + 1] * loads};
    return m;
}

RandomFillMeasurement measured(const std::vector<double>& shares, double loads = 1e6) {
    return measuredOn(walksOfAnInfinityCache(), shares, loads);
}

}  // namespace

// Each (ways, policy) is told apart from every other by the shares it gives: none of the others
// comes within the tolerance of them.
TEST(RandomFillAnalysis, EachWayCountAndPolicyIsToldFromItsOwnShares) {
    for (const auto& [ways, policy] : std::vector<std::pair<std::uint32_t, std::string>>{
             {16, "lru"}, {16, "fifo"}, {16, "plru"}, {8, "random"}, {8, "lru"}, {32, "lru"}, {64, "fifo"}, {4, "random"}}) {
        const auto shares = predictedRandomFillShares(walksOfAnInfinityCache(), ways, policy);
        const RandomFillDecision d = decideRandomFill(measured(shares));
        SCOPED_TRACE(std::to_string(ways) + " ways " + policy);
        ASSERT_FALSE(d.explaining.empty());
        EXPECT_EQ(d.sets.ways.value, ways) << d.sets.ways.reason;
        EXPECT_GT(d.sets.ways.confidence, 0.5);
        EXPECT_EQ(d.sets.sets.value, static_cast<double>(kCapacity / ways));
        EXPECT_EQ(d.sets.indexFunction, "hashed");
        EXPECT_EQ(d.policy.policy, policy) << d.policy.reason;
        EXPECT_GT(d.policy.confidence, 0.5);
    }
}

// Random replacement in 16 ways keeps nearly as many random lines as a pseudo-LRU tree in 32 at
// three quarters of the capacity (within 0.02 in that fill and the reuse); the fill of the whole
// capacity tells them apart.
TEST(RandomFillAnalysis, SixteenWaysRandomAndThirtyTwoWaysPlruAreToldApartByTheWholeFill) {
    for (const auto& [ways, policy] : std::vector<std::pair<std::uint32_t, std::string>>{{16, "random"}, {32, "plru"}}) {
        const auto shares = predictedRandomFillShares(walksOfAnInfinityCache(), ways, policy);
        SCOPED_TRACE(std::to_string(ways) + " ways " + policy);
        const RandomFillDecision d = decideRandomFill(measured(shares));
        EXPECT_EQ(d.sets.ways.value, ways) << d.sets.ways.reason;
        EXPECT_EQ(d.policy.policy, policy) << d.policy.reason;
        EXPECT_GT(d.policy.confidence, 0.5);
    }
}

// Where the lines number the capacity, how many survive hardly depends on the ways: way counts the
// walks cannot tell apart agree on the capacity, which is decided though the ways are not.
TEST(RandomFillAnalysis, WayCountsTheWalksCannotTellApartStillAgreeOnTheCapacity) {
    // 16 ways LRU in 12800 sets (the simulated H100's L2 partition), walks sized by a knee 3 % short.
    RandomFillMeasurement walks;
    walks.capacityLines = 198656;
    walks.regionLines = kRegionFactor * walks.capacityLines;
    const auto shares = predictedRandomFillShares(walks, 16, "lru", 12800);
    const RandomFillDecision d = decideRandomFill(measuredOn(walks, shares));
    ASSERT_TRUE(d.sets.fittedCapacityLines.decided) << d.sets.fittedCapacityLines.reason;
    EXPECT_NEAR(d.sets.fittedCapacityLines.value, 204800, 0.02 * 204800) << d.sets.fittedCapacityLines.reason;
    EXPECT_GT(d.sets.fittedCapacityLines.confidence, 0.5);
    // Not the knee: the knee-split candidates do not decide the sets, and a fitted count is no count.
    EXPECT_LE(d.sets.sets.confidence, 0.5) << d.sets.sets.reason;
}

// A capacity below the contiguous knee is none a cache can have: nothing is fitted there.
TEST(RandomFillAnalysis, NoCapacityIsFittedBelowTheKnee) {
    RandomFillMeasurement walks;
    walks.capacityLines = 204800;
    walks.regionLines = kRegionFactor * walks.capacityLines;
    const auto shares = predictedRandomFillShares(walks, 16, "lru", 11000);  // 14 % below the knee
    const RandomFillDecision d = decideRandomFill(measuredOn(walks, shares));
    EXPECT_FALSE(d.sets.fittedCapacityLines.decided) << d.sets.fittedCapacityLines.reason;
    EXPECT_EQ(d.sets.ways.confidence, 0) << d.sets.ways.reason;
}

TEST(RandomFillAnalysis, SharesNoWayCountGivesLeaveEverythingUndecided) {
    const RandomFillDecision d = decideRandomFill(measured({0.5, 0.5, 0.5, 0.5}));
    EXPECT_TRUE(d.explaining.empty());
    EXPECT_EQ(d.sets.ways.confidence, 0);
    EXPECT_EQ(d.sets.sets.confidence, 0);
    EXPECT_LT(d.sets.indexConfidence, 0.5);
    EXPECT_NE(d.sets.ways.reason.find("no way count"), std::string::npos) << d.sets.ways.reason;
    EXPECT_EQ(d.policy.confidence, 0);
}

// Every line surviving is a fully associative cache, whose policy these walks cannot tell.
TEST(RandomFillAnalysis, EveryLineSurvivingIsFullAssociativityWithThePolicyLeftOpen) {
    const RandomFillDecision d = decideRandomFill(measured({1, 1, 1, 1}));
    EXPECT_EQ(d.sets.indexFunction, "fully-associative");
    EXPECT_EQ(d.sets.ways.value, static_cast<double>(kCapacity));
    EXPECT_EQ(d.sets.sets.value, 1);
    EXPECT_EQ(d.policy.confidence, 0);
    EXPECT_FALSE(d.policy.reason.empty());
}

TEST(RandomFillAnalysis, TooLittleMemoryForTheRandomLinesSaysSo) {
    RandomFillMeasurement m = measured({0.99, 0.85, 0.93, 0.62});
    m.regionLines = 4 * kCapacity;
    const RandomFillDecision d = decideRandomFill(m);
    EXPECT_EQ(d.sets.ways.confidence, 0);
    EXPECT_NE(d.sets.ways.reason.find("too little memory"), std::string::npos) << d.sets.ways.reason;
}

// The built-in MI300X's Infinity Cache (256 MiB, 16 ways, LRU, XOR-folded index): 4 Mi lines, far
// beyond an eviction-set search. Its whole discovery takes a minute; the L3 alone is enough here.
TEST(RandomFillSim, LargeHashedCachesFindTheirWaysSetsAndPolicy) {
    for (const auto& [ways, policy] : std::vector<std::pair<int, std::string>>{{8, "fifo"}, {8, "random"}, {32, "lru"}}) {
        auto j = test::amdTestProfile();
        // 16 MiB of 64-byte lines: 2^18 lines, twice what the simulator's eviction-set search takes.
        j["caches"][3]["size"] = 16 << 20;
        j["caches"][3]["ways"] = ways;
        j["caches"][3]["policy"] = policy;
        j["api"]["total_global_mem"] = 16ull << 30;  // the stride experiments walk 65 x the size
        const Topology t = test::simulate(test::parseTestProfile(j, "large-l3.json"), {"l2"});
        SCOPED_TRACE(std::to_string(ways) + " ways " + policy);
        const Attribute* w = t.find(Element::L3, "ways");
        const Attribute* sets = t.find(Element::L3, "sets");
        const Attribute* index = t.find(Element::L3, "indexFunction");
        const Attribute* p = t.find(Element::L3, "replacementPolicy");
        ASSERT_TRUE(w && sets && index && p);
        EXPECT_EQ(w->value, ways) << w->reason;
        EXPECT_GT(w->confidence, 0.5) << w->reason;
        EXPECT_EQ(w->method, "random-fill");
        // The sets are the measured capacity over the ways, and under random replacement the first
        // rows past the capacity miss in a few random lines only: the knee, and the count with it,
        // may come out a few lines high (a timed load of another spacing, 0.4 %).
        EXPECT_NEAR(sets->value, (16 << 20) / 64 / ways, policy == "random" ? 0.01 * (16 << 20) / 64 / ways : 0);
        EXPECT_GT(sets->confidence, 0.5);
        ASSERT_FALSE(index->names.empty());
        EXPECT_EQ(index->names.front(), "hashed");
        EXPECT_GT(index->confidence, 0.5);
        ASSERT_FALSE(p->names.empty()) << p->reason;
        EXPECT_EQ(p->names.front(), policy) << p->reason;
        EXPECT_GT(p->confidence, 0.5);
    }
}
