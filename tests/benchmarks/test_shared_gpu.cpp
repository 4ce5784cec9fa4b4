// A shared GPU end to end on the simulator (issue 15, docs/faults.md "A shared GPU"): with each
// injected mechanism — time slices that pre-empt chases or evict between warm-up and timed
// pass, a neighbour that never leaves, one that comes and goes, an MPS client, the driver's
// process list unavailable — no attribute that differs from the quiet run keeps a confidence
// above 0.5 without the "shared GPU" mark, and beside the neighbour that comes and goes most
// attributes keep their quiet value at full confidence. A quiet run and an idle display
// server's context get no warning.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>

#include "backend/fault_injection.hpp"
#include "benchmarks/discovery.hpp"
#include "benchmarks/interference_guard.hpp"
#include "benchmarks/plan_runner.hpp"
#include "sim/builtin_profiles.hpp"
#include "sim/profile.hpp"
#include "sim/sim_backend.hpp"
#include "simulated_runs.hpp"

using namespace ts;
using ts::test::anyWarningHas;

namespace {

// Groups that cover every kind of attribute (sizes, lines, granularities, latencies,
// penalties, amounts, sharing, bandwidths) without the long L2 sweeps.
const std::set<std::string> kGroups{"l1", "texture", "constant", "shared", "memory", "sharing", "bandwidth"};

Topology runWith(const std::string& spec, DiscoveryOptions options = DiscoveryOptions{kGroups}) {
    SimBackend sim(loadProfile("h100"));
    if (spec.empty()) return test::discoverOn(sim, options);
    FaultInjectingBackend faulty(sim, parseFaultSpec(spec));
    return test::discoverOn(faulty, options);
}

const Topology& quiet() {
    static const Topology t = runWith("");
    return t;
}

// The tolerances: discrete any change, sizes 2 %, latencies and penalties 5 %,
// bandwidths 10 %.
bool sameValue(const Attribute& quietA, const Attribute& a) {
    if (quietA.failed || a.failed) return quietA.failed == a.failed;
    double tolerance = 0;
    if (a.unit == "GiB/s") tolerance = 0.10;
    else if (a.unit == "cycles") tolerance = 0.05;
    else if (a.unit == "bytes" && (a.name == "size" || a.name == "segmentSize" || a.name == "contiguousKnee")) tolerance = 0.02;
    if (tolerance == 0) return a.value == quietA.value && a.names == quietA.names && a.groups == quietA.groups;
    return std::abs(a.value - quietA.value) <= tolerance * std::max(std::abs(quietA.value), 1e-12);
}

bool marked(const Attribute& a) { return a.hasMark(Mark::SharedGpu); }

struct Verdict {
    std::vector<std::string> violations;  // differs, confidence > 0.5, no mark
    int kept = 0;                         // same value at confidence > 0.5
    int total = 0;
    int marks = 0;
};

Verdict judge(const Topology& t, const Topology& reference = quiet()) {
    Verdict v;
    for (const auto& [element, report] : reference.elements)
        for (const auto& q : report.attributes) {
            if (q.source != Source::Benchmark) continue;
            const Attribute* a = t.find(element, q.name);
            if (!a) continue;
            ++v.total;
            const bool same = sameValue(q, *a);
            if (same && a->confidence > 0.5) ++v.kept;
            if (marked(*a)) ++v.marks;
            if (!same && a->confidence > 0.5 && !marked(*a))
                v.violations.push_back(std::string(displayName(element)) + " " + q.name + " = " + std::to_string(a->value) +
                                       " (quiet " + std::to_string(q.value) + ") at " + std::to_string(a->confidence) +
                                       ": " + a->reason);
        }
    return v;
}

void expectRule(const std::string& spec) {
    const Topology t = runWith(spec);
    const Verdict v = judge(t);
    EXPECT_TRUE(v.violations.empty()) << spec << ": " << v.violations.front();
    EXPECT_TRUE(anyWarningHas(t, "shared GPU: another process used the GPU during the run")) << spec;
    ASSERT_TRUE(t.sharedGpu) << spec << ": the run carries no shared-GPU mark";
    EXPECT_TRUE(anyWarningHas(t, *t.sharedGpu)) << spec << ": the mark's words are one of the warnings";
    for (const auto& [element, report] : t.elements)
        for (const auto& a : report.attributes)
            if (marked(a)) EXPECT_LE(a.confidence, 0.5) << displayName(element) << " " << a.name << ": " << a.reason;
}

}  // namespace

TEST(SharedGpu, QuietRunHasNoWarningAndKnowsNothingOfOtherProcesses) {
    EXPECT_TRUE(quiet().warnings.empty());
    EXPECT_FALSE(quiet().sharedGpu);
    EXPECT_EQ(quiet().device.extra.at("otherProcesses"), "unknown: the backend cannot ask the driver");
    for (const auto& [element, report] : quiet().elements)
        for (const auto& a : report.attributes) EXPECT_FALSE(marked(a)) << a.name;
}

TEST(SharedGpu, IdleDisplayServerGoesIntoTheDeviceDetailsNotTheWarnings) {
    const Topology t = runWith("idle-context");
    EXPECT_TRUE(t.warnings.empty()) << t.warnings.front();
    EXPECT_NE(t.device.extra.at("otherProcesses").find("1717 Xorg [injected] (graphics)"), std::string::npos);
    EXPECT_EQ(t.device.extra.at("gpuUtilisationBeforeRun"), "0 %");
    EXPECT_EQ(judge(t).kept, judge(quiet()).kept);
}

TEST(SharedGpu, NeighbourThatNeverLeavesIsMarkedEverywhereItMatters) {
    const Topology t = runWith("neighbour@any");
    const Verdict v = judge(t);
    EXPECT_TRUE(v.violations.empty()) << v.violations.front();
    EXPECT_GT(v.marks, v.total / 2);
    // The driver named it: pid and name in the reasons.
    const Attribute* size = t.find(Element::L1, "size");
    ASSERT_NE(size, nullptr);
    EXPECT_LE(size->confidence, 0.5);
    EXPECT_TRUE(size->hasMark(Mark::SharedGpu));
    EXPECT_NE(size->reason.find("shared GPU: "), std::string::npos) << size->reason;
    EXPECT_NE(size->reason.find("process 4242 neighbour [injected] (compute)"), std::string::npos) << size->reason;
    EXPECT_TRUE(anyWarningHas(t, "another process uses the GPU (the driver lists process 4242"));
}

TEST(SharedGpu, WithoutTheDriversListTheEvidenceAloneMarksIt) {
    const Topology t = runWith("neighbour@any,blind");
    const Verdict v = judge(t);
    EXPECT_TRUE(v.violations.empty()) << v.violations.front();
    EXPECT_GT(v.marks, v.total / 2);
    const Attribute* size = t.find(Element::L1, "size");
    ASSERT_NE(size, nullptr);
    EXPECT_NE(size->reason.find("pre-empted"), std::string::npos) << size->reason;
    EXPECT_EQ(size->reason.find("process"), std::string::npos) << size->reason;
    EXPECT_NE(t.device.extra.at("otherProcesses").find("unknown: the driver's process list is unavailable"), std::string::npos);
}

TEST(SharedGpu, NeighbourThatComesAndGoesIsMeasuredAroundAndMostValuesStayCertain) {
    for (const std::string spec : {"neighbour@any:100/100", "neighbour@any:100/100,blind"}) {
        const Topology t = runWith(spec);
        const Verdict v = judge(t);
        EXPECT_TRUE(v.violations.empty()) << spec << ": " << v.violations.front();
        EXPECT_GE(v.kept, 0.8 * v.total) << spec << ": " << v.kept << " of " << v.total;
        EXPECT_TRUE(anyWarningHas(t, "the last one undisturbed")) << spec;
    }
}

// What another context leaves in the L2 between our kernels moves the knee with no gap and no
// disagreement (the H200 beside an L2-chase neighbour: 3.6 % larger, confirmed by its repeats):
// beside a known neighbour the L2's capacities are doubted, in a quiet run they are not. (The
// H100's hashed L2 takes its size from the associativity's random fill, which the neighbour's
// lines move as much: that benchmark is doubted too.)
TEST(SharedGpu, TheL2sCapacityIsDoubtedBesideAKnownNeighbour) {
    const DiscoveryOptions l2Only{{"l2"}};
    const Topology calm = runWith("", l2Only);
    const Attribute* calmSize = calm.find(Element::L2, "size");
    ASSERT_NE(calmSize, nullptr);
    EXPECT_GE(calmSize->confidence, 0.5);
    EXPECT_FALSE(marked(*calmSize)) << calmSize->reason;
    EXPECT_EQ(calmSize->reason.find("lines it leaves in the cache between our kernels"), std::string::npos) << calmSize->reason;
    for (const std::string spec : {"neighbour@any:100/100", "neighbour@any:100/100,blind"}) {
        const Topology t = runWith(spec, l2Only);
        const Attribute* size = t.find(Element::L2, "size");
        ASSERT_NE(size, nullptr) << spec;
        EXPECT_LE(size->confidence, 0.5) << spec;
        EXPECT_NE(size->reason.find("lines it leaves in the cache between our kernels"), std::string::npos)
            << spec << ": " << size->reason;
        // The line size sweeps twice the capacity: a knee doubted only for that does not mark it.
        const Attribute* line = t.find(Element::L2, "lineSize");
        ASSERT_NE(line, nullptr) << spec;
        EXPECT_EQ(line->reason.find("decided from L2 size"), std::string::npos) << spec << ": " << line->reason;
        const Verdict v = judge(t, calm);
        EXPECT_TRUE(v.violations.empty()) << spec << ": " << v.violations.front();
    }
}

TEST(SharedGpu, EveryMechanismKeepsTheRule) {
    for (const std::string spec : {"preempt@any#200-400", "evict@any#150-450", "neighbour@l1#100-600",
                                   "neighbour@any#300-:20/40", "mps@any"})
        expectRule(spec);
}

// The mechanism seen on the H100 beside the on/off neighbour: the texture size came out low and
// was marked, and the line size, decided from it with chases that had no gap, came out 64 B at
// confidence 1.0. Here the neighbour is on for the fetch granularity only and gone before the
// line size runs: the line size's own rows are clean, its input is not.
TEST(SharedGpu, AResultDecidedFromADisturbedInputCarriesTheMark) {
    const Topology t = runWith("neighbour@texture#1-80", DiscoveryOptions{{"texture"}});
    const Attribute* fg = t.find(Element::Texture, "fetchGranularity");
    const Attribute* line = t.find(Element::Texture, "lineSize");
    ASSERT_NE(fg, nullptr);
    ASSERT_NE(line, nullptr);
    ASSERT_TRUE(marked(*fg)) << fg->reason;
    EXPECT_LE(line->confidence, 0.5);
    EXPECT_NE(line->reason.find("shared GPU: decided from Texture fetchGranularity, which another context disturbed"),
              std::string::npos)
        << line->reason;
    // Its own chases were clean: nothing else in its reason says pre-empted.
    EXPECT_EQ(line->reason.find("pre-empted"), std::string::npos) << line->reason;
}

// Beside the H200's gpu_stress the L1 line size read 32 B (marked), the neighbour left, and the
// associativity that followed decided 1628 sets from it at 0.6. Ways and sets rest on the size and
// the line: they carry the mark of either. Here the neighbour stays through the L1 fetch
// granularity's tries, the line size is marked for resting on it, and the associativity after it
// runs undisturbed.
TEST(SharedGpu, SetsDecidedFromADisturbedLineCarryTheMark) {
    const Topology t = runWith("neighbour@l1#1-400", DiscoveryOptions{{"l1"}});
    const Attribute* line = t.find(Element::L1, "lineSize");
    ASSERT_NE(line, nullptr);
    ASSERT_TRUE(marked(*line)) << line->reason;
    for (const char* name : {"ways", "sets"}) {
        const Attribute* a = t.find(Element::L1, name);
        ASSERT_NE(a, nullptr) << name;
        EXPECT_LE(a->confidence, 0.5) << name << ": " << a->reason;
        EXPECT_NE(a->reason.find("which another context disturbed"), std::string::npos) << name << ": " << a->reason;
        EXPECT_EQ(a->reason.find("pre-empted"), std::string::npos) << name << ": its own chases were clean: " << a->reason;
    }
}

TEST(SharedGpu, MpsClientIsNamedWhereNoGapShowsIt) {
    const Topology t = runWith("mps@any");
    const Attribute* latency = t.find(Element::L1, "latency");
    ASSERT_NE(latency, nullptr);
    EXPECT_LE(latency->confidence, 0.5);
    EXPECT_NE(latency->reason.find("MPS client process 4243 mps-client [injected] (mps)"), std::string::npos)
        << latency->reason;
}

TEST(SharedGpu, ExclusiveRefusesBeforeMeasuringAndWaitForIdleWaits) {
    DiscoveryOptions exclusive{{"l1"}};
    exclusive.exclusive = true;
    EXPECT_THROW(runWith("neighbour@any", exclusive), SharedGpuRefused);
    EXPECT_THROW(runWith("neighbour@any,blind", exclusive), SharedGpuRefused);  // the sentinel sees it
    EXPECT_NO_THROW(runWith("idle-context", exclusive));

    DiscoveryOptions wait{{"l1"}};
    wait.waitForIdleSeconds = 5;
    const Topology gone = runWith("neighbour@any#1-2000", wait);  // leaves while we wait
    EXPECT_TRUE(gone.warnings.empty()) << gone.warnings.front();
    const Topology stays = runWith("neighbour@any", wait);
    EXPECT_TRUE(anyWarningHas(stays, "after waiting 5 s; measuring anyway"));
}

TEST(SharedGpu, InjectedSlicesLookLikeTheRealMechanism) {
    SimBackend sim(loadProfile("h100"));
    ChaseRequest r;
    r.space = Space::Global;
    r.arrayBytes = 64 * 1024;
    r.strideBytes = 128;
    r.recordLoads = 256;
    const auto quietRun = sim.chase(r);
    EXPECT_TRUE(quietRun.untimedWatched);
    EXPECT_FALSE(InterferenceGuard::preempted(quietRun));

    FaultInjectingBackend timed(sim, parseFaultSpec("preempt@l1"));
    const auto gapped = timed.chase(r);
    EXPECT_TRUE(InterferenceGuard::preempted(gapped));
    EXPECT_GE(*std::max_element(gapped.latencies.begin(), gapped.latencies.end()), FaultInjectingBackend::kSliceCycles);

    // Evicted without a trace: no gap, but the timed pass misses where the quiet one hits.
    FaultInjectingBackend evicted(sim, parseFaultSpec("evict@l1"));
    const auto cold = evicted.chase(r);
    EXPECT_FALSE(InterferenceGuard::preempted(cold));
    const auto missesOf = [&](const ChaseResult& c) {
        return std::count_if(c.latencies.begin(), c.latencies.end(), [&](std::uint32_t l) { return l > 100; });
    };
    EXPECT_GT(missesOf(cold), missesOf(quietRun) + 100);

    const GpuActivity blind = FaultInjectingBackend(sim, parseFaultSpec("neighbour@any,blind")).activity();
    EXPECT_FALSE(blind.known);
    const GpuActivity seen = FaultInjectingBackend(sim, parseFaultSpec("neighbour@any")).activity();
    ASSERT_TRUE(seen.known);
    ASSERT_EQ(seen.others.size(), 1u);
    EXPECT_EQ(seen.others[0].pid, 4242u);
    EXPECT_EQ(seen.utilisationPercent, 100);
}

TEST(SharedGpu, SpecGrammarOfTheNewFaults) {
    const auto f = parseFaultSpec("neighbour@any:100/50,mps:1.4,evict@l2#3-9,preempt,idle-context,blind");
    ASSERT_EQ(f.size(), 6u);
    EXPECT_EQ(f[0].kind, FaultKind::Neighbour);
    EXPECT_EQ(f[0].onCalls, 100u);
    EXPECT_EQ(f[0].offCalls, 50u);
    EXPECT_EQ(f[1].kind, FaultKind::Mps);
    EXPECT_DOUBLE_EQ(f[1].factor, 1.4);
    EXPECT_EQ(f[2].calls.first, 3u);
    EXPECT_EQ(f[2].calls.last, 9u);
    EXPECT_EQ(f[5].kind, FaultKind::Blind);
    for (const char* bad : {"neighbour@any:5", "neighbour@any:0/5", "blind@l2", "idle-context@any", "evict:2"})
        EXPECT_THROW(parseFaultSpec(bad), FaultSpecError) << bad;
}

// The slowest loads a profile may describe (memory at the latency limit, the largest jitter and
// outliers) stay under what the engine takes for another context's time slice: a quiet run of
// such a GPU carries no shared-GPU mark (issue 40: a valid profile latency of 10^6 cycles, or large
// noise, set off the caps). A latency past the limit is refused, naming the field.
TEST(SharedGpu, TheSlowestProfileAllowedLooksQuietAndASlowerOneIsRefused) {
    const auto& all = builtinProfiles();
    const auto h100 = std::find_if(all.begin(), all.end(), [](const BuiltinProfile& p) { return p.name == "h100"; });
    ASSERT_NE(h100, all.end());
    nlohmann::json j = nlohmann::json::parse(h100->text);
    j["dram"]["latency"] = 10000;
    j["noise"]["jitter"] = 1000;
    j["noise"]["outlier_rate"] = 0.003;
    j["noise"]["outlier_extra"] = 10000;
    const Topology t = test::simulate(parseProfile(j.dump(), "slow-h100"), {"l1", "memory"});
    for (const auto& w : t.warnings) EXPECT_EQ(w.find(kSharedGpuMark), std::string::npos) << w;
    EXPECT_FALSE(t.sharedGpu);
    for (const auto& [element, report] : t.elements)
        for (const auto& a : report.attributes) {
            EXPECT_TRUE(a.marks.empty()) << a.name;
            EXPECT_EQ(a.reason.find(kSharedGpuMark), std::string::npos) << a.name << ": " << a.reason;
        }
    j["dram"]["latency"] = 1000000;
    try {
        parseProfile(j.dump(), "slower-h100");
        ADD_FAILURE() << "a latency of 10^6 cycles was taken";
    } catch (const ProfileError& e) {
        EXPECT_NE(std::string(e.what()).find("dram.latency"), std::string::npos) << e.what();
    }
}
