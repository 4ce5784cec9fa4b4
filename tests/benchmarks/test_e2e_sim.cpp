// The whole benchmark suite, end to end on the simulator: every attribute the engine
// reports must equal the profile's hidden truth.
#include <gtest/gtest.h>

#include <regex>

#include <algorithm>
#include <cmath>
#include <set>

#include "model/attribute_names.hpp"
#include "benchmarks/discovery.hpp"
#include "benchmarks/targets.hpp"
#include "sim/builtin_profiles.hpp"
#include "sim/sim_backend.hpp"
#include "random_profile.hpp"
#include "sim_truth.hpp"
#include "truth_check.hpp"
#include "simulated_run_files.hpp"
#include "simulated_runs.hpp"

using namespace ts;

namespace {

double valueOf(const Topology& t, Element e, const std::string& name) {
    const Attribute* a = t.find(e, name);
    return a ? a->value : -1;
}

void expectBandwidthsMeasured(const SimProfile& p, const Topology& t);

// Every attribute the truth judges (tests/truth_check.hpp) right and, unless a bound, decided; the set structure
// (`setStructure`: issue 22's ways, sets, index and policy) above 0.5. A random profile's fully
// associative L1 of 1447 lines may read 1444, within the size's 2 %, and its ways with it: the
// random profiles leave the set structure out.
void expectMatchesTruth(const SimProfile& p, const Topology& t, bool setStructure = false) {
    for (const test::JudgedAttribute& j : test::judgeAgainstTruth(p, t)) {
        if (j.setStructure && !setStructure) continue;
        EXPECT_TRUE(j.right) << j.where << " " << j.name << ": " << j.got << ", truth " << j.expected << " (" << j.reason << ")";
        if (!j.bound) EXPECT_GT(j.confidence, j.setStructure ? 0.5 : 0.0) << j.where << " " << j.name << ": " << j.reason;
    }
    expectBandwidthsMeasured(p, t);
}

void expectBandwidthsMeasured(const SimProfile& p, const Topology& t) {
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

// What a built-in profile may still leave at 0.5 or undecided (issue 34 item 2 owes the methods):
// the capacity of a cache whose sets were neither counted nor fitted by a random fill (the L2s
// of 2^17 lines or fewer, which an eviction set searches) is its contiguous knee, held to 0.5, and
// what is read from that knee with it; a random fill that several way counts explain (the H200's
// L2: 14 to 17 ways) decides its capacity but no ways, sets or policy. Anything else must be
// decided above 0.5.
bool owedAtTheKnee(const std::string& profile, const test::JudgedAttribute& j) {
    static const std::set<std::string> kneeHeld = {"size", "segmentSize", "segmentFraction", "nearCapacity"};
    const bool largeCache = j.where.ends_with("/ L2") || j.where.ends_with("/ L3") || j.where.ends_with("/ Constant L1.5");
    if (largeCache && kneeHeld.count(j.name)) return true;
    return profile == "h200" && j.where.ends_with("/ L2") && j.setStructure;
}

// A built-in profile is a GPU a user meets: every attribute right and decided above 0.5, except
// those owedAtTheKnee, which must be right wherever they are decided at all.
void expectBuiltinTruth(const std::string& name, const SimProfile& p, const Topology& t) {
    for (const test::JudgedAttribute& j : test::judgeAgainstTruth(p, t)) {
        const std::string what = j.where + " " + j.name + ": " + j.got + ", truth " + j.expected + " (" + j.reason + ")";
        if (j.bound) {
            EXPECT_TRUE(j.right) << what;
            continue;
        }
        if (j.confidence > 0.5 || !owedAtTheKnee(name, j)) {
            EXPECT_TRUE(j.right) << what;
            EXPECT_GT(j.confidence, 0.5) << what;
        } else if (j.confidence > 0) {
            EXPECT_TRUE(j.right) << what;
        }
    }
}

// The whole suite as toposcope-cli ran it once for every test that reads it (its report, read back).
TEST_P(BuiltinProfileSuite, WholeSuiteFindsTheProfileTruth) {
    const SimProfile profile = loadProfile(GetParam());
    const Topology topology = test::simulatedRunReport(GetParam());
    for (const auto& w : topology.warnings) ADD_FAILURE() << "warning: " << w;
    expectBuiltinTruth(GetParam(), profile, topology);
    expectBandwidthsMeasured(profile, topology);
    for (const auto& [element, report] : topology.elements)
        for (const auto& a : report.attributes) {
            EXPECT_TRUE(attr::hasUnit(a.name)) << a.name << ": no unit in attr::units, the one table of them";
            EXPECT_EQ(a.unit, attr::unitOf(a.name)) << a.name;
        }
}

// Issue 37, item 9: the reasons the window, the sheet and the CLI show read as words: no half-open
// row ranges ("[0,24)"), no byte counts of seven digits or more, no empty clauses ("(): ", ": ;").
TEST_P(BuiltinProfileSuite, ReasonsReadAsProse) {
    const std::regex halfOpen(R"(\[\d+\s*,\s*\d+\))"), rawBytes(R"(\b\d{7,}(\.\d+)?\s*(B|bytes)\b)"),
        emptyClause(R"(:\s*;|\(\s*\)|;\s*;|\(\s*;|:\s*$)");
    const Topology topology = test::simulatedRunReport(GetParam());
    for (const auto& [element, report] : topology.elements)
        for (const auto& a : report.attributes) {
            const std::string what = std::string(displayName(element)) + " " + a.name + ": " + a.reason;
            EXPECT_FALSE(std::regex_search(a.reason, halfOpen)) << what;
            EXPECT_FALSE(std::regex_search(a.reason, rawBytes)) << what;
            EXPECT_FALSE(std::regex_search(a.reason, emptyClause)) << what;
        }
}

INSTANTIATE_TEST_SUITE_P(E2eSim, BuiltinProfileSuite, ::testing::Values("h100", "h200", "a100", "rtx3090", "mi210", "mi300x"));

// 50 MiB by the API over two usable 20 MiB segments is 2.5, no whole ratio; but 2 partitions are
// measured and 20 MiB lies in (50/3, 50/2] MiB: one of two partitions (issue 21).
TEST(E2eSim, SegmentFractionIsTheMeasuredPartitionCountWhenTheKneeFitsOnePartition) {
    const Topology t = test::simulate(loadProfile(TOPOSCOPE_TEST_DATA "/fleet/h100-small-l2.json"), {"l2"});
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
    const Topology t = test::simulate(profile, {"l2"});
    const Attribute* fraction = t.find(Element::L2, "segmentFraction");
    ASSERT_NE(fraction, nullptr);
    EXPECT_EQ(fraction->confidence, 0) << fraction->reason;
    EXPECT_NE(fraction->reason.find(" measured partitions"), std::string::npos) << fraction->reason;
    EXPECT_EQ(fraction->reason.find("(P, P + 1]"), std::string::npos) << "words, not an interval: " << fraction->reason;
}

// The simulated H100 serves L1, texture and read-only from one cache with one latency: the
// sharing class says that its hit latencies and miss penalties agree; constant L1 is alone.
TEST(E2eSim, SharingClassSaysWhetherItsLatenciesAgree) {
    const Topology t = test::simulate(loadProfile("h100"), {"l1", "texture", "readonly", "constant", "sharing"});
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
    const Topology t = test::simulate(loadProfile("h100"), {"l1"});
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
    expectMatchesTruth(profile, test::simulate(profile));
}

TEST_P(RandomProfileSuite, AmdTruthIsRediscovered) {
    const SimProfile profile = parseProfile(test::randomAmdProfile(GetParam()).dump(), "random-amd");
    expectMatchesTruth(profile, test::simulate(profile));
}

INSTANTIATE_TEST_SUITE_P(E2eSim, RandomProfileSuite, ::testing::Values(11u, 23u, 37u, 41u));

TEST(E2eSim, ElementSelectionMeasuresOnlyThoseCaches) {
    DiscoveryOptions options;
    options.groups = {"constant", "l1"};
    options.elements = {Element::ConstantL15};
    SimBackend backend(loadProfile("h100"));
    const Topology t = test::discoverOn(backend, options);
    EXPECT_NE(t.find(Element::ConstantL15, "size"), nullptr);
    EXPECT_NE(t.find(Element::ConstantL1, "size"), nullptr) << "the cache in front is measured as a prerequisite";
    EXPECT_EQ(t.find(Element::ConstantL1, "latency"), nullptr) << "but not in full";
    EXPECT_EQ(t.find(Element::L1, "size"), nullptr);
}
