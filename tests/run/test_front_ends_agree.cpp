// Every way to run gives the same answers (issue 35): on every built-in profile the plain
// toposcope-cli run, --all-devices and the fault-injection wrapper with nothing armed report the
// same values, confidences and reasons, and the groups they run make every Backend call. The
// GUI's paced worker (tests/gui) and toposcope-mpi (tests/mpi) are held to the same reference.
#include <gtest/gtest.h>

#include <map>

#include "backend/fault_injection.hpp"
#include "backend/forwarding_backend.hpp"
#include "cli_runner.hpp"
#include "front_end_agreement.hpp"
#include "scratch_files.hpp"

using namespace ts;
namespace fs = std::filesystem;

namespace {

using CallCounts = std::map<std::string, int>;

// Passes every call on and counts it by name into counts that outlive it.
class CallCounter : public ForwardingBackend {
public:
    CallCounter(std::unique_ptr<Backend> inner, CallCounts& counts) : ForwardingBackend(std::move(inner)), counts_(counts) {}

    std::string kind() const override { return seen("kind"), ForwardingBackend::kind(); }
    DeviceInfo queryDevice() override { return seen("queryDevice"), ForwardingBackend::queryDevice(); }
    bool supports(Space s) const override { return seen("supports"), ForwardingBackend::supports(s); }
    std::uint64_t maxArrayBytes(Space s) const override { return seen("maxArrayBytes"), ForwardingBackend::maxArrayBytes(s); }
    std::vector<std::uint32_t> measureTimerOverhead(int n) override {
        return seen("measureTimerOverhead"), ForwardingBackend::measureTimerOverhead(n);
    }
    ChaseResult chase(const ChaseRequest& r) override { return seen("chase"), ForwardingBackend::chase(r); }
    std::vector<ChaseResult> chaseBatch(const std::vector<ChaseRequest>& r) override {
        return seen("chaseBatch"), ForwardingBackend::chaseBatch(r);
    }
    BandwidthResult bandwidth(const BandwidthRequest& r) override { return seen("bandwidth"), ForwardingBackend::bandwidth(r); }
    ChaseResult chaseSequence(const SequenceChase& r) override {
        return seen("chaseSequence"), ForwardingBackend::chaseSequence(r);
    }
    TranslationWalkSpace translationWalkSpace(Space s) override {
        return seen("translationWalkSpace"), ForwardingBackend::translationWalkSpace(s);
    }
    std::uint32_t evictionTest(const EvictionTest& t) override { return seen("evictionTest"), ForwardingBackend::evictionTest(t); }
    std::uint64_t maxEvictionSearchLines() const override {
        return seen("maxEvictionSearchLines"), ForwardingBackend::maxEvictionSearchLines();
    }
    void releaseSequenceMemory() override { seen("releaseSequenceMemory"), ForwardingBackend::releaseSequenceMemory(); }
    GpuActivity activity() override { return seen("activity"), ForwardingBackend::activity(); }
    void pause(std::chrono::milliseconds d) override { seen("pause"), ForwardingBackend::pause(d); }

private:
    void seen(const char* call) const { ++counts_[call]; }
    CallCounts& counts_;
};

std::vector<std::string> callsNeverMade(const std::map<std::string, int>& counts, bool pauseExpected) {
    std::vector<std::string> missing;
    for (const char* call : {"kind", "queryDevice", "supports", "maxArrayBytes", "measureTimerOverhead", "chase",
                             "chaseBatch", "bandwidth", "chaseSequence", "translationWalkSpace",
                             "evictionTest", "maxEvictionSearchLines", "releaseSequenceMemory", "activity", "pause"})
        if (!counts.count(call) && (pauseExpected || std::string(call) != "pause")) missing.push_back(call);
    return missing;
}

nlohmann::json cliReport(const std::string& arguments, const fs::path& json) {
    const auto r = test::runCli(arguments + " --no-session --quiet --json '" + json.string() + "'");
    EXPECT_EQ(r.exitCode, 0) << arguments << "\n" << r.output;
    return test::reportAsWritten(readReportFile(json.string()));
}

nlohmann::json allDevicesReport(const std::string& arguments, const fs::path& dir) {
    const auto r = test::runCli(arguments + " --all-devices --quiet --json '" + dir.string() + "'");
    EXPECT_EQ(r.exitCode, 0) << arguments << "\n" << r.output;
    return test::reportAsWritten(readReportFile((dir / "gpu0.json").string()));
}

class FrontEndsAgree : public testing::TestWithParam<std::string> {};

}  // namespace

TEST_P(FrontEndsAgree, PlainAllDevicesAndFaultWrapperReportTheSame) {
    const std::string profile = GetParam();
    const std::string groups = test::agreementGroups(profile);
    const fs::path dir = test::scratchDir("toposcope-agree-", profile);
    const std::string run = "--backend sim --profile " + profile + " --only " + groups;
    const nlohmann::json plain = cliReport(run, dir / "plain.json");

    const nlohmann::json allDevices = allDevicesReport(run, dir / "all");
    EXPECT_TRUE(test::reportDifferences(plain, allDevices).empty())
        << "--all-devices: " << test::describeDifferences(test::reportDifferences(plain, allDevices));

    const Topology wrapped = test::simRun(profile, groups, [](std::unique_ptr<Backend> sim) -> std::unique_ptr<Backend> {
        return std::make_unique<FaultInjectingBackend>(std::move(sim), std::vector<Fault>{});
    });
    const auto differences = test::reportDifferences(plain, test::reportAsWritten(wrapped));
    EXPECT_TRUE(differences.empty()) << "fault injection, nothing armed: " << test::describeDifferences(differences);
    fs::remove_all(dir);
}

// The groups the front-end tests run make, over the built-in profiles, every Backend call but
// pause (the neighbour case below makes that one): no call a wrapper could lose goes untried.
TEST(FrontEndsAgreeCoverage, TheirGroupsMakeEveryBackendCall) {
    CallCounts counts;
    for (const auto& profile : test::builtinProfileNames())
        test::simRun(profile, test::agreementGroups(profile), [&](std::unique_ptr<Backend> sim) -> std::unique_ptr<Backend> {
            return std::make_unique<CallCounter>(std::move(sim), counts);
        });
    EXPECT_EQ(callsNeverMade(counts, false), std::vector<std::string>{});
}

INSTANTIATE_TEST_SUITE_P(EveryBuiltinProfile, FrontEndsAgree, testing::ValuesIn(test::builtinProfileNames()),
                         [](const auto& info) { return test::profileTestName(info.param); });

// Beside the simulator's injected neighbour --all-devices flags what the plain run flags: the
// fleet's bandwidth gate passes activity() and pause() on (it once answered "unknown" and slept).
TEST(FrontEndsAgreeOnASharedGpu, AllDevicesFlagsWhatThePlainRunFlags) {
    const fs::path dir = test::scratchDir("toposcope-agree-", "neighbour");
    const std::string run = "--backend sim --profile h100 --only l1,memory --inject-fault neighbour@any:100/100";
    const nlohmann::json plain = cliReport(run, dir / "plain.json");
    const nlohmann::json allDevices = allDevicesReport(run, dir / "all");
    const auto differences = test::reportDifferences(plain, allDevices);
    EXPECT_TRUE(differences.empty()) << test::describeDifferences(differences);

    const std::string marked = plain.dump();
    EXPECT_NE(marked.find("shared GPU"), std::string::npos) << "the neighbour left no warning on the plain run";
    CallCounts counts;
    test::simRun("h100", "l1,memory", [&](std::unique_ptr<Backend> sim) -> std::unique_ptr<Backend> {
        return std::make_unique<CallCounter>(
            std::make_unique<FaultInjectingBackend>(std::move(sim), parseFaultSpec("neighbour@any:100/100")), counts);
    });
    EXPECT_GT(counts["pause"], 0) << "the neighbour case never backed off";
    fs::remove_all(dir);
}
