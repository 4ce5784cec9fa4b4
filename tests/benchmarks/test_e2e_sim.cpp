// The whole benchmark suite, end to end on the simulator: every attribute the engine
// reports must equal the profile's hidden truth.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "benchmarks/discovery.hpp"
#include "benchmarks/targets.hpp"
#include "sim/builtin_profiles.hpp"
#include "sim/sim_backend.hpp"
#include "random_profile.hpp"
#include "sim_truth.hpp"

using namespace ts;

namespace {

Topology discover(const SimProfile& profile, std::set<std::string> groups = {}) {
    SimBackend backend(profile);
    Observer silent;
    CancelToken cancel;
    Topology topology;
    runDiscovery(backend, DiscoveryOptions{std::move(groups)}, silent, cancel, topology);
    return topology;
}

double valueOf(const Topology& t, Element e, const std::string& name) {
    const Attribute* a = t.find(e, name);
    return a ? a->value : -1;
}

void expectAttribute(const Topology& t, Element e, const std::string& name, double expected, double tolerance,
                     const std::string& context) {
    const Attribute* a = t.find(e, name);
    ASSERT_NE(a, nullptr) << context << ": " << displayName(e) << " has no " << name;
    EXPECT_GT(a->confidence, 0) << context << ": " << displayName(e) << " " << name << ": " << a->reason;
    EXPECT_NEAR(a->value, expected, tolerance) << context << ": " << displayName(e) << " " << name << " ("
                                               << a->reason << ")";
}

std::string firstName(const Topology& t, Element e, const std::string& name) {
    const Attribute* a = t.find(e, name);
    return a && !a->names.empty() ? a->names.front() : "";
}

// Issue 22 on every cache whose set structure is measured: ways, sets, index function and
// replacement policy, each decided above 0.5 and equal to the profile's.
void expectSetStructureMatchesTruth(const Topology& t, Element e, const SimCache& c, double size, const std::string& context) {
    const Attribute* ways = t.find(e, "ways");
    if (!ways) return;  // no associativity benchmark for this cache
    const double lines = size / c.line;
    const bool fully = c.ways == 0;
    for (const char* name : {"ways", "sets", "indexFunction", "replacementPolicy"}) {
        const Attribute* a = t.find(e, name);
        ASSERT_NE(a, nullptr) << context << ": " << name;
        EXPECT_GT(a->confidence, 0.5) << context << ": " << name << ": " << a->reason;
    }
    EXPECT_EQ(ways->value, fully ? lines : c.ways) << context << ": ways";
    EXPECT_EQ(t.find(e, "sets")->value, fully ? 1 : lines / c.ways) << context << ": sets";
    const std::string index = fully ? "fully-associative" : c.index == IndexFunction::Modulo ? "modulo" : "hashed";
    EXPECT_EQ(firstName(t, e, "indexFunction"), index) << context << ": index function";
    EXPECT_EQ(firstName(t, e, "replacementPolicy"), toString(c.policy)) << context << ": replacement policy";
}

// `setStructure`: also issue 22's (the built-in profiles, whose sizes are found exactly; a random
// profile's fully associative L1 of 1447 lines may read 1444, within the size's 2 %, and its ways
// and policy with it).
void expectMatchesTruth(const SimProfile& p, const Topology& t, bool setStructure = false) {
    const auto targets = cacheTargets(p.vendor);
    for (const auto& target : targets) {
        const auto truth = test::truthFor(p, target);
        const std::string ctx = p.name + " / " + std::string(displayName(target.element));
        if (!truth) {
            const Attribute* size = t.find(target.element, "size");
            EXPECT_TRUE(!size || size->confidence == 0) << ctx << ": a cache that does not exist was found";
            continue;
        }
        const SimCache& c = *truth->cache;
        const Attribute* fg = t.find(target.element, "fetchGranularity");
        ASSERT_NE(fg, nullptr) << ctx;
        if (fg->upperBound)
            EXPECT_LE(c.sector, fg->value) << ctx << ": fetch granularity bound";
        else
            expectAttribute(t, target.element, "fetchGranularity", c.sector, 0, ctx);
        expectAttribute(t, target.element, "size", truth->size, 0.02 * truth->size, ctx);
        const Attribute* line = t.find(target.element, "lineSize");
        ASSERT_NE(line, nullptr) << ctx;
        if (line->confidence > 0) EXPECT_EQ(line->value, c.line) << ctx << ": line size";
        else ADD_FAILURE() << ctx << ": line size undecided: " << line->reason;
        expectAttribute(t, target.element, "latency", c.latency, 2.0, ctx);
        if (target.unitPrivate && c.scope != CacheScope::CuGroup)
            expectAttribute(t, target.element, "amountPerUnit", c.perSm, 0, ctx);
        if (!target.above && !test::bypassesUnitCaches(target.space)) {
            const Attribute* shared = t.find(target.element, "sharedWith");
            const auto expected = test::sharedWithTruth(p, target, targets);
            std::vector<std::string> got = shared ? shared->names : std::vector<std::string>{};
            std::sort(got.begin(), got.end());
            EXPECT_EQ(got, expected) << ctx << ": physical sharing";
        }
        if (c.scope == CacheScope::CuGroup) {
            const Attribute* groups = t.find(target.element, "sharedBetween");
            ASSERT_NE(groups, nullptr) << ctx;
            auto expected = c.groups;
            for (auto& g : expected) std::sort(g.begin(), g.end());
            std::sort(expected.begin(), expected.end());
            EXPECT_EQ(groups->groups, expected) << ctx << ": CU sharing groups";
        }
        if (setStructure) expectSetStructureMatchesTruth(t, target.element, c, truth->size, ctx);
        if (target.element == Element::L2) {
            const int instances = c.scope == CacheScope::Xcd ? p.compute.xcds : c.segments;
            expectAttribute(t, Element::L2, "segments", instances, 0, ctx);
            if (c.scope == CacheScope::Gpu && c.segments > 1) {
                expectAttribute(t, Element::L2, "nearLatency", c.latency, 2.0, ctx);
                expectAttribute(t, Element::L2, "farLatency", c.farLatency, 2.0, ctx);
                // The far segment's cost: both latencies carry the timer overhead, the difference not.
                expectAttribute(t, Element::L2, "farPenalty", static_cast<double>(c.farLatency) - c.latency, 2.0, ctx);
                expectAttribute(t, Element::L2, "segmentFraction", c.segments, 0, ctx);
            }
        }
    }
    const Element scratch = p.vendor == Vendor::Nvidia ? Element::Shared : Element::Lds;
    expectAttribute(t, scratch, "latency", p.sharedMemory.latency, 2.0, p.name);
    expectAttribute(t, Element::DeviceMemory, "latency", p.dram.latency, 2.0, p.name);
    EXPECT_GT(valueOf(t, Element::DeviceMemory, "readBandwidth"), 0);
    EXPECT_GT(valueOf(t, Element::L2, "readBandwidth"), 0);
    const auto targetsWithL3 = cacheTargets(p.vendor);  // findTarget points into it: must outlive l3
    if (const CacheTarget* l3 = findTarget(targetsWithL3, Element::L3); l3 && test::truthFor(p, *l3)) {
        EXPECT_GT(valueOf(t, Element::L3, "readBandwidth"), 0) << p.name;
        EXPECT_GT(valueOf(t, Element::L3, "writeBandwidth"), 0) << p.name;
    }
}

class BuiltinProfileSuite : public ::testing::TestWithParam<std::string> {};

}  // namespace

TEST_P(BuiltinProfileSuite, WholeSuiteFindsTheProfileTruth) {
    const SimProfile profile = loadProfile(GetParam());
    const Topology topology = discover(profile);
    for (const auto& w : topology.warnings) ADD_FAILURE() << "warning: " << w;
    expectMatchesTruth(profile, topology, true);
}

INSTANTIATE_TEST_SUITE_P(E2eSim, BuiltinProfileSuite, ::testing::Values("h100", "a100", "mi210", "mi300x"));

// 50 MiB by the API over two usable 20 MiB segments is 2.5, no whole ratio; but 2 partitions are
// measured and 20 MiB lies in (50/3, 50/2] MiB: one of two partitions (issue 21).
TEST(E2eSim, SegmentFractionIsTheMeasuredPartitionCountWhenTheKneeFitsOnePartition) {
    const Topology t = discover(loadProfile(TOPOSCOPE_TEST_DATA "/fleet/h100-small-l2.json"), {"l2"});
    const Attribute* knee = t.find(Element::L2, "segmentSize");
    ASSERT_NE(knee, nullptr);
    EXPECT_NEAR(knee->value, 20.0 * (1 << 20), 0.02 * 20.0 * (1 << 20));
    const Attribute* fraction = t.find(Element::L2, "segmentFraction");
    ASSERT_NE(fraction, nullptr);
    EXPECT_EQ(fraction->value, 2) << fraction->reason;
    EXPECT_GT(fraction->confidence, 0.5) << fraction->reason;
}

// One partition of 20 MiB where the API says 50 MiB: 20 MiB is no share (25, 50] of one partition.
TEST(E2eSim, SegmentFractionUndecidedWhenTheKneeIsNoShareOfTheMeasuredPartitions) {
    SimProfile profile = loadProfile(TOPOSCOPE_TEST_DATA "/fleet/h100-small-l2.json");
    for (auto& cache : profile.caches)
        if (cache.id == "l2") cache.segments = 1, cache.size /= 2, cache.farLatency = cache.latency;
    const Topology t = discover(profile, {"l2"});
    const Attribute* fraction = t.find(Element::L2, "segmentFraction");
    ASSERT_NE(fraction, nullptr);
    EXPECT_EQ(fraction->confidence, 0) << fraction->reason;
    EXPECT_NE(fraction->reason.find("outside (P, P + 1]"), std::string::npos) << fraction->reason;
}

// The simulated H100 serves L1, texture and read-only from one cache with one latency: the
// sharing class says that its hit latencies and miss penalties agree; constant L1 is alone.
TEST(E2eSim, SharingClassSaysWhetherItsLatenciesAgree) {
    const Topology t = discover(loadProfile("h100"), {"l1", "texture", "readonly", "constant", "sharing"});
    for (Element e : {Element::L1, Element::Texture, Element::ReadOnly}) {
        const Attribute* shared = t.find(e, "sharedWith");
        ASSERT_NE(shared, nullptr) << displayName(e);
        EXPECT_NE(shared->reason.find("and miss penalties agree (one SRAM, one path)"), std::string::npos)
            << shared->reason;
    }
    const Attribute* constant = t.find(Element::ConstantL1, "sharedWith");
    ASSERT_NE(constant, nullptr);
    EXPECT_TRUE(constant->names.empty());
    EXPECT_EQ(constant->reason.find("latencies"), std::string::npos) << constant->reason;
}

TEST(E2eSim, OnlyRunsTheSelectedGroups) {
    const Topology t = discover(loadProfile("h100"), {"l1"});
    EXPECT_NE(t.find(Element::L1, "size"), nullptr);
    EXPECT_EQ(t.find(Element::L2, "size"), nullptr);
    EXPECT_EQ(t.find(Element::Texture, "size"), nullptr);
}

// Counts the primitive calls that reach the backend after a cancel.
class CountingBackend : public SimBackend {
public:
    using SimBackend::SimBackend;
    const CancelToken* token = nullptr;
    int callsAfterCancel = 0;
    ChaseResult chase(const ChaseRequest& r) override {
        if (token->cancelled()) ++callsAfterCancel;
        return SimBackend::chase(r);
    }
    std::vector<ChaseResult> chaseBatch(const std::vector<ChaseRequest>& r) override {
        if (token->cancelled()) ++callsAfterCancel;
        return SimBackend::chaseBatch(r);
    }
};

TEST(E2eSim, CancelStopsWithinOnePrimitive) {
    CountingBackend backend(loadProfile("h100"));
    CancelToken cancel;
    backend.token = &cancel;
    struct CancelOnFirstChunk : Observer {
        CancelToken* token = nullptr;
        void onSeriesChunk(const SeriesChunkEvent&) override { token->cancel(); }
    } observer;
    observer.token = &cancel;
    Topology topology;
    EXPECT_THROW(runDiscovery(backend, {}, observer, cancel, topology), Cancelled);
    EXPECT_EQ(backend.callsAfterCancel, 0);
    ASSERT_FALSE(topology.series.empty());
    EXPECT_FALSE(topology.series.front().rows.empty()) << "the finished rows are kept";
}

class RandomProfileSuite : public ::testing::TestWithParam<unsigned> {};

TEST_P(RandomProfileSuite, NvidiaTruthIsRediscovered) {
    const SimProfile profile = parseProfile(test::randomNvidiaProfile(GetParam()).dump(), "random-nvidia");
    expectMatchesTruth(profile, discover(profile));
}

TEST_P(RandomProfileSuite, AmdTruthIsRediscovered) {
    const SimProfile profile = parseProfile(test::randomAmdProfile(GetParam()).dump(), "random-amd");
    expectMatchesTruth(profile, discover(profile));
}

INSTANTIATE_TEST_SUITE_P(E2eSim, RandomProfileSuite, ::testing::Values(11u, 23u, 37u, 41u));

TEST(E2eSim, ElementSelectionMeasuresOnlyThoseCaches) {
    DiscoveryOptions options;
    options.groups = {"constant", "l1"};
    options.elements = {Element::ConstantL15};
    SimBackend backend(loadProfile("h100"));
    Observer silent;
    CancelToken cancel;
    Topology t;
    runDiscovery(backend, options, silent, cancel, t);
    EXPECT_NE(t.find(Element::ConstantL15, "size"), nullptr);
    EXPECT_NE(t.find(Element::ConstantL1, "size"), nullptr) << "the cache in front is measured as a prerequisite";
    EXPECT_EQ(t.find(Element::ConstantL1, "latency"), nullptr) << "but not in full";
    EXPECT_EQ(t.find(Element::L1, "size"), nullptr);
}
