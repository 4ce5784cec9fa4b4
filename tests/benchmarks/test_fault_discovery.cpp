// The whole plan on the simulated H100 (and MI210) with faults injected: the run goes on, what
// the fault does not touch still equals the profile's truth, what it hits is marked with the
// reason, a lost device is not called again, interference is noticed.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>

#include "backend/fault_injection.hpp"
#include "benchmarks/discovery.hpp"
#include "benchmarks/interference_guard.hpp"
#include "benchmarks/targets.hpp"
#include "io/report_json.hpp"
#include "io/session_read.hpp"
#include "io/session_recorder.hpp"
#include "sim/profile.hpp"
#include "sim/sim_backend.hpp"
#include "sim_truth.hpp"
#include "simulated_runs.hpp"
#include "scratch_files.hpp"

using namespace ts;
using ts::test::anyWarningHas;

namespace {

// Passes calls through and keeps what happened to each: the request, and whether it threw
// with the device lost.
class Recorder : public ForwardingBackend {
public:
    explicit Recorder(Backend& inner) : ForwardingBackend(inner) {}
    std::vector<std::uint32_t> measureTimerOverhead(int n) override {
        return call([&] { return ForwardingBackend::measureTimerOverhead(n); });
    }
    ChaseResult chase(const ChaseRequest& r) override {
        requests.push_back(r);
        return call([&] { return ForwardingBackend::chase(r); });
    }
    std::vector<ChaseResult> chaseBatch(const std::vector<ChaseRequest>& rs) override {
        requests.insert(requests.end(), rs.begin(), rs.end());
        return call([&] { return ForwardingBackend::chaseBatch(rs); });
    }
    BandwidthResult bandwidth(const BandwidthRequest& r) override {
        return call([&] { return ForwardingBackend::bandwidth(r); });
    }
    ChaseResult chaseSequence(const SequenceChase& r) override {
        return call([&] { return ForwardingBackend::chaseSequence(r); });
    }
    std::uint32_t evictionTest(const EvictionTest& t) override {
        return call([&] { return ForwardingBackend::evictionTest(t); });
    }

    int callsAfterLoss = 0;
    bool lost = false;
    std::vector<ChaseRequest> requests;

private:
    template <typename F>
    auto call(F&& f) -> decltype(f()) {
        if (lost) ++callsAfterLoss;
        try {
            return f();
        } catch (const BackendError& e) {
            lost = lost || e.deviceLost();
            throw;
        }
    }
};

struct FaultyRun {
    Topology topology;
    int callsAfterLoss = 0;
    std::vector<ChaseRequest> requests;
};

FaultyRun runWith(const std::string& profile, const std::string& spec, std::set<std::string> groups = {},
                  Observer* observer = nullptr) {
    SimBackend sim(loadProfile(profile));
    FaultInjectingBackend faulty(sim, parseFaultSpec(spec));
    Recorder recorder(faulty);
    Observer silent;
    CancelToken cancel;
    FaultyRun run;
    runDiscovery(recorder, DiscoveryOptions{std::move(groups)}, observer ? *observer : silent, cancel, run.topology);
    run.callsAfterLoss = recorder.callsAfterLoss;
    run.requests = recorder.requests;
    return run;
}

// The cache a target measures, as the profile has it; the engine found exactly that.
void expectCacheTruth(const std::string& profile, const Topology& t, Element element) {
    const SimProfile p = loadProfile(profile);
    const auto targets = cacheTargets(p.vendor);
    const CacheTarget* target = findTarget(targets, element);
    ASSERT_NE(target, nullptr);
    const auto truth = test::truthFor(p, *target);
    ASSERT_TRUE(truth);
    const std::string where = profile + " " + std::string(displayName(element));
    const Attribute* size = t.find(element, "size");
    ASSERT_NE(size, nullptr) << where;
    EXPECT_GT(size->confidence, 0) << where << ": " << size->reason;
    EXPECT_NEAR(size->value, truth->size, 0.02 * truth->size) << where;
    const Attribute* line = t.find(element, "lineSize");
    ASSERT_NE(line, nullptr) << where;
    EXPECT_EQ(line->value, truth->cache->line) << where << ": " << line->reason;
    const Attribute* fetch = t.find(element, "fetchGranularity");
    ASSERT_NE(fetch, nullptr) << where;
    if (!fetch->upperBound) EXPECT_EQ(fetch->value, truth->cache->sector) << where;
    if (const Attribute* latency = t.find(element, "latency"))
        EXPECT_NEAR(latency->value, truth->cache->latency, 2.0) << where;
    EXPECT_FALSE(size->failed || line->failed || fetch->failed) << where;
}

const BenchmarkFailure* failureOf(const Topology& t, const std::string& benchmark) {
    for (const auto& f : t.failures)
        if (f.benchmark == benchmark) return &f;
    return nullptr;
}

void expectFailedAttribute(const Topology& t, Element e, const std::string& name, const std::string& reasonPart) {
    const Attribute* a = t.find(e, name);
    ASSERT_NE(a, nullptr) << displayName(e) << " " << name;
    EXPECT_TRUE(a->failed) << displayName(e) << " " << name;
    EXPECT_EQ(a->confidence, 0);
    EXPECT_NE(a->reason.find(reasonPart), std::string::npos) << a->reason;
}

// The guard's sentinel chase on the simulated H100.
bool isReference(const ChaseRequest& r) {
    static const std::uint64_t l2Bytes = loadProfile("h100").api.l2Size;
    return InterferenceGuard::isSentinel(r, Vendor::Nvidia, l2Bytes);
}

}  // namespace

TEST(FaultDiscovery, OutOfMemoryFailsOnlyTheBenchmarksThatNeedBigArrays) {
    const Topology t = runWith("h100", "oom@l2").topology;
    for (Element e : {Element::L1, Element::Texture, Element::ReadOnly, Element::ConstantL1, Element::ConstantL15})
        expectCacheTruth("h100", t, e);
    expectFailedAttribute(t, Element::L2, "size", "failed: out of device memory allocating");
    const BenchmarkFailure* l2 = failureOf(t, "L2 Size");
    ASSERT_NE(l2, nullptr);
    EXPECT_FALSE(l2->notRun);
    // Bandwidth goes on working set by working set: the L2 ones fit, device memory's do not.
    expectFailedAttribute(t, Element::DeviceMemory, "readBandwidth", "out of device memory");
    ASSERT_NE(failureOf(t, "Main Memory Read Bandwidth"), nullptr);
    const Attribute* l2Read = t.find(Element::L2, "readBandwidth");
    ASSERT_NE(l2Read, nullptr);
    EXPECT_GT(l2Read->value, 0);
    EXPECT_FALSE(l2Read->failed);
    const Attribute* shared = t.find(Element::Shared, "latency");
    ASSERT_NE(shared, nullptr);
    EXPECT_NEAR(shared->value, loadProfile("h100").sharedMemory.latency, 2.0);
}

TEST(FaultDiscovery, KernelFaultFailsItsBenchmarkAndTheRunGoesOn) {
    const Topology t = runWith("h100", "fault@shared").topology;
    ASSERT_EQ(t.failures.size(), 1u);
    EXPECT_EQ(t.failures[0].benchmark, "Scratchpad Latency");
    EXPECT_NE(t.failures[0].reason.find("cudaErrorIllegalAddress"), std::string::npos);
    expectFailedAttribute(t, Element::Shared, "latency", "failed: CUDA error while pointer chase");
    for (Element e : {Element::L1, Element::Texture, Element::ReadOnly, Element::ConstantL1, Element::L2})
        expectCacheTruth("h100", t, e);
    const Attribute* dram = t.find(Element::DeviceMemory, "latency");
    ASSERT_NE(dram, nullptr);
    EXPECT_NEAR(dram->value, loadProfile("h100").dram.latency, 2.0);
}

TEST(FaultDiscovery, AFailedPrerequisiteLeavesItsDependentsUndecidedNotFailed) {
    const Topology t = runWith("h100", "fault@l2", {"l1", "l2"}).topology;
    expectFailedAttribute(t, Element::L2, "fetchGranularity", "illegal memory access");
    const Attribute* size = t.find(Element::L2, "size");
    ASSERT_NE(size, nullptr);
    EXPECT_EQ(size->confidence, 0);
    EXPECT_FALSE(size->failed);  // it ran and said why it could not decide
    EXPECT_NE(size->reason.find("fetch granularity unknown"), std::string::npos) << size->reason;
    expectCacheTruth("h100", t, Element::L1);
}

TEST(FaultDiscovery, LostDeviceIsNotCalledAgainAndTheRestIsMarkedNotRun) {
    const FaultyRun run = runWith("h100", "lost@l2#3");
    const Topology& t = run.topology;
    EXPECT_EQ(run.callsAfterLoss, 0);
    ASSERT_GE(t.failures.size(), 2u);
    EXPECT_EQ(t.failures[0].benchmark, "L2 Fetch Granularity");
    EXPECT_FALSE(t.failures[0].notRun);
    EXPECT_NE(t.failures[0].reason.find("device lost"), std::string::npos);
    for (std::size_t i = 1; i < t.failures.size(); ++i) {
        EXPECT_TRUE(t.failures[i].notRun) << t.failures[i].benchmark;
        EXPECT_NE(t.failures[i].reason.find("device lost: "), std::string::npos);
    }
    ASSERT_NE(failureOf(t, "Bandwidth"), nullptr);
    ASSERT_NE(failureOf(t, "Physical Sharing"), nullptr);
    expectFailedAttribute(t, Element::L2, "size", "not run: device lost");
    expectFailedAttribute(t, Element::DeviceMemory, "latency", "not run: device lost");
    expectFailedAttribute(t, Element::L1, "amountPerUnit", "not run: device lost");
    // Everything measured before the loss is kept and right.
    for (Element e : {Element::L1, Element::Texture, Element::ReadOnly, Element::ConstantL1, Element::ConstantL15})
        expectCacheTruth("h100", t, e);
}

TEST(FaultDiscovery, TimeoutLosesTheDeviceLikeTheWatchdog) {
    const FaultyRun run = runWith("h100", "timeout@constant");
    const Topology& t = run.topology;
    EXPECT_EQ(run.callsAfterLoss, 0);
    ASSERT_FALSE(t.failures.empty());
    EXPECT_EQ(t.failures[0].benchmark, "Constant L1 Fetch Granularity");
    EXPECT_NE(t.failures[0].reason.find("did not finish within"), std::string::npos);
    expectFailedAttribute(t, Element::L2, "size", "not run: device lost");
    for (Element e : {Element::L1, Element::Texture, Element::ReadOnly}) expectCacheTruth("h100", t, e);
}

TEST(FaultDiscovery, FaultsOnTheAmdPathToo) {
    const Topology t = runWith("mi210", "fault@scalar,oom@l2", {"l1", "scalar", "l2"}).topology;
    expectFailedAttribute(t, Element::SL1D, "fetchGranularity", "illegal memory access");
    expectFailedAttribute(t, Element::L2, "size", "out of device memory");
    expectCacheTruth("mi210", t, Element::VL1);
}

TEST(FaultDiscovery, CleanRunChecksForInterferenceAndNeverFires) {
    const FaultyRun run = runWith("h100", "interference@bandwidth#100000-");  // armed, never reached
    const auto references = std::count_if(run.requests.begin(), run.requests.end(), isReference);
    // The baseline, one after every benchmark and every bandwidth kernel, some within them.
    EXPECT_GE(references, 30);
    EXPECT_LT(static_cast<double>(references), 0.2 * static_cast<double>(run.requests.size()));
    EXPECT_FALSE(anyWarningHas(run.topology, "shared GPU"));
    EXPECT_TRUE(run.topology.warnings.empty());
    EXPECT_TRUE(run.topology.failures.empty());
}

TEST(FaultDiscovery, BriefInterferenceIsMeasuredAgainAndTheResultsAreRight) {
    // Find a reference chase in the middle of a clean run, then disturb just that one call.
    const FaultyRun clean = runWith("h100", "interference@bandwidth#100000-", {"l1", "texture", "l2"});
    std::vector<std::size_t> references;
    for (std::size_t i = 0; i < clean.requests.size(); ++i)
        if (isReference(clean.requests[i])) references.push_back(i + 1);  // calls count from 1
    ASSERT_GT(references.size(), 10u);
    const std::size_t call = references[references.size() / 2];
    const std::string spec = "interference@any#" + std::to_string(call) + ":3";
    const Topology t = runWith("h100", spec, {"l1", "texture", "l2"}).topology;
    EXPECT_TRUE(anyWarningHas(t, "sentinel chase median")) << spec;
    EXPECT_TRUE(anyWarningHas(t, "the last one undisturbed")) << spec;
    EXPECT_FALSE(anyWarningHas(t, "disturbed every time"));
    for (Element e : {Element::L1, Element::Texture, Element::L2}) expectCacheTruth("h100", t, e);
    for (const auto& [element, report] : t.elements)
        for (const auto& a : report.attributes) {
            EXPECT_FALSE(a.hasMark(Mark::SharedGpu)) << a.name;
            EXPECT_EQ(a.reason.find("shared GPU"), std::string::npos) << a.name;
        }
}

TEST(FaultDiscovery, LastingInterferenceLowersTheConfidenceAndSaysSo) {
    const FaultyRun clean = runWith("h100", "interference@bandwidth#100000-", {"l1", "l2"});
    std::size_t from = 0;
    for (std::size_t i = clean.requests.size() / 2; i < clean.requests.size() && !from; ++i)
        if (isReference(clean.requests[i])) from = i + 1;
    ASSERT_GT(from, 0u);
    const Topology t = runWith("h100", "interference@any#" + std::to_string(from) + "-:2", {"l1", "l2"}).topology;
    EXPECT_TRUE(anyWarningHas(t, "disturbed every time"));
    int flagged = 0;
    for (const auto& [element, report] : t.elements)
        for (const auto& a : report.attributes)
            // The slow sentinel is among the evidence (a disagreement may come first in it).
            if (a.reason.find("sentinel chase median") != std::string::npos) {
                ++flagged;
                EXPECT_TRUE(a.hasMark(Mark::SharedGpu)) << a.name;
                EXPECT_LE(a.confidence, 0.5) << a.name;
                EXPECT_EQ(a.source, Source::Benchmark);
            }
    EXPECT_GT(flagged, 0);
    // The benchmarks that ended before the interference began keep their full confidence.
    const Attribute* l1Fetch = t.find(Element::L1, "fetchGranularity");
    ASSERT_NE(l1Fetch, nullptr);
    EXPECT_FALSE(l1Fetch->hasMark(Mark::SharedGpu));
    EXPECT_TRUE(t.failures.empty());
}

TEST(FaultDiscovery, ReportAndSessionKeepEveryFinishedMeasurement) {
    const auto file = ts::test::uniqueTempPath("toposcope-fault-session").concat(".tss");
    std::filesystem::remove(file);
    Observer silent;
    Topology live;
    {
        SessionRecorder recorder(file.string(), silent);
        live = runWith("h100", "oom@l2,lost@l2#40", {}, &recorder).topology;
        recorder.close("finished");
        ASSERT_EQ(recorder.error(), "");
    }
    ASSERT_FALSE(live.failures.empty());
    const Topology fromReport = reportFromJson(reportToJson(live), "report");
    const Topology fromSession = readSession(file.string()).topology;
    for (const Topology* copy : {&fromReport, &fromSession}) {
        ASSERT_EQ(copy->failures.size(), live.failures.size());
        for (std::size_t i = 0; i < live.failures.size(); ++i) {
            EXPECT_EQ(copy->failures[i].benchmark, live.failures[i].benchmark);
            EXPECT_EQ(copy->failures[i].notRun, live.failures[i].notRun);
            EXPECT_EQ(copy->failures[i].reason, live.failures[i].reason);
        }
        for (const auto& [element, report] : live.elements)
            for (const auto& a : report.attributes) {
                const Attribute* b = copy->find(element, a.name);
                ASSERT_NE(b, nullptr) << displayName(element) << " " << a.name;
                EXPECT_EQ(b->value, a.value) << a.name;
                EXPECT_EQ(b->confidence, a.confidence) << a.name;
                EXPECT_EQ(b->failed, a.failed) << a.name;
                EXPECT_EQ(b->reason, a.reason) << a.name;
            }
        for (const auto& s : live.series) {
            if (s.rows.empty()) continue;  // opened by a benchmark that failed before its first row
            const Series* c = copy->findSeries(s.id);
            ASSERT_NE(c, nullptr) << s.id;
            EXPECT_EQ(c->rows.size(), s.rows.size()) << s.id;
        }
    }
}
