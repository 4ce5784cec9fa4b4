// toposcope-cli --inject-fault end to end: the run goes on, the reports and the summary mark
// what failed, and the exit status says whether everything ran (docs/cli.md).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include <nlohmann/json.hpp>

#include "cli_runner.hpp"
#include "scratch_files.hpp"
#include "io/session_read.hpp"

using namespace ts;
using test::readJson;
using test::runCli;
namespace fs = std::filesystem;

namespace {

fs::path faultCliScratch(const std::string& name) { return test::scratchDir("toposcope-fault-cli-", name); }

const nlohmann::json* attribute(const nlohmann::json& report, const std::string& element, const std::string& name) {
    for (const auto& e : report["elements"])
        if (e["id"] == element)
            for (const auto& a : e["attributes"])
                if (a["name"] == name) return &a;
    return nullptr;
}

}  // namespace

TEST(FaultCli, OutOfMemoryRunFinishesMarksTheFailureAndExitsThree) {
    const fs::path dir = faultCliScratch("oom");
    const auto r = runCli("--backend sim --profile h100 --only l1,l2 --inject-fault oom@l2 --json '" +
                          (dir / "r.json").string() + "' --session '" + (dir / "run.tss").string() + "'");
    EXPECT_EQ(r.exitCode, 3) << r.output;
    EXPECT_NE(r.output.find("failed: L2 Size (out of device memory allocating"), std::string::npos) << r.output;
    const auto report = readJson(dir / "r.json");
    ASSERT_FALSE(report["failures"].empty());
    EXPECT_EQ(report["failures"][0]["benchmark"], "L2 Size");
    EXPECT_EQ(report["failures"][0]["status"], "failed");
    const auto* l2 = attribute(report, "l2", "size");
    ASSERT_NE(l2, nullptr);
    EXPECT_EQ((*l2)["failed"], true);
    EXPECT_EQ((*l2)["confidence"], 0);
    const auto* l1 = attribute(report, "l1", "size");
    ASSERT_NE(l1, nullptr);
    EXPECT_GT((*l1)["confidence"].get<double>(), 0);
    EXPECT_EQ(report["device"]["extra"]["injectedFaults"], "oom@l2");
    // The session regenerates the same failures.
    const Session session = readSession((dir / "run.tss").string());
    ASSERT_EQ(session.topology.failures.size(), report["failures"].size());
    EXPECT_EQ(session.outcome, "finished");
}

TEST(FaultCli, LostDeviceListsWhatDidNotRun) {
    const auto r = runCli("--backend sim --profile h100 --only l1,l2,memory --no-session --inject-fault lost@l2");
    EXPECT_EQ(r.exitCode, 3) << r.output;
    EXPECT_NE(r.output.find("failed: L2 Fetch Granularity (device lost: CUDA error"), std::string::npos) << r.output;
    EXPECT_NE(r.output.find("not run: Main Memory Latency (device lost:"), std::string::npos) << r.output;
}

TEST(FaultCli, NoGpuAndOldDriverFailTheRunWithTheBackendsMessage) {
    const auto noGpu = runCli("--backend sim --no-session --inject-fault no-gpu");
    EXPECT_EQ(noGpu.exitCode, 1);
    EXPECT_NE(noGpu.output.find("error: no CUDA-capable GPU found"), std::string::npos) << noGpu.output;
    const auto old = runCli("--backend sim --no-session --inject-fault old-driver");
    EXPECT_EQ(old.exitCode, 1);
    EXPECT_NE(old.output.find("driver is too old"), std::string::npos) << old.output;
}

TEST(FaultCli, InterferenceIsReportedAndTheRunSucceeds) {
    const auto r = runCli("--backend sim --profile h100 --only l1 --no-session --inject-fault 'interference@any#30-:2'");
    EXPECT_EQ(r.exitCode, 0) << r.output;
    EXPECT_NE(r.output.find("shared GPU: sentinel chase median"), std::string::npos) << r.output;
}

TEST(FaultCli, BadSpecIsBadUsage) {
    const auto r = runCli("--backend sim --no-session --inject-fault melt@l2");
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_NE(r.output.find("--inject-fault 'melt@l2': unknown fault 'melt'"), std::string::npos) << r.output;
}

TEST(FaultCli, CleanRunExitsZeroWithoutFailures) {
    const fs::path dir = faultCliScratch("clean");
    const auto r = runCli("--backend sim --profile h100 --only l1,shared --no-session --json '" + (dir / "r.json").string() + "'");
    EXPECT_EQ(r.exitCode, 0) << r.output;
    EXPECT_TRUE(readJson(dir / "r.json")["failures"].empty());
}

// Issue 16 (9): a lost device in the bandwidth benchmark marks every bandwidth attribute failed,
// where it dropped them before.
TEST(FaultCli, LostInBandwidthMarksEveryBandwidthAttributeFailed) {
    const fs::path dir = faultCliScratch("lost-bandwidth");
    const auto r = runCli("--backend sim --profile h100 --only bandwidth --no-session --quiet --inject-fault lost@bandwidth "
                          "--json '" + (dir / "r.json").string() + "'");
    EXPECT_EQ(r.exitCode, 3) << r.output;
    const auto report = readJson(dir / "r.json");
    for (const auto& [element, name] : std::vector<std::pair<std::string, std::string>>{
             {"device_memory", "readBandwidth"}, {"device_memory", "writeBandwidth"}, {"device_memory", "copyBandwidth"},
             {"l2", "readBandwidth"}, {"l2", "writeBandwidth"}}) {
        const auto* a = attribute(report, element, name);
        ASSERT_NE(a, nullptr) << element << "." << name;
        EXPECT_EQ((*a)["failed"], true) << element << "." << name;
        EXPECT_EQ((*a)["confidence"], 0) << element << "." << name;
        EXPECT_NE((*a)["reason"].get<std::string>().find("device lost"), std::string::npos) << (*a)["reason"];
    }
}

// Issue 16 (9): out of memory in the TLB-miss chase keeps latencyTlbMiss, marked failed.
TEST(FaultCli, OutOfMemoryMarksTheTlbMissLatencyFailed) {
    const fs::path dir = faultCliScratch("oom-tlb");
    const auto r = runCli("--backend sim --profile h100 --only memory --no-session --quiet --inject-fault oom --json '" +
                          (dir / "r.json").string() + "'");
    EXPECT_EQ(r.exitCode, 3) << r.output;
    const auto report = readJson(dir / "r.json");
    const auto* tlb = attribute(report, "device_memory", "latencyTlbMiss");
    ASSERT_NE(tlb, nullptr) << r.output;
    EXPECT_EQ((*tlb)["failed"], true);
    EXPECT_NE((*tlb)["reason"].get<std::string>().find("out of device memory"), std::string::npos) << (*tlb)["reason"];
    const auto* latency = attribute(report, "device_memory", "latency");
    ASSERT_NE(latency, nullptr);
    EXPECT_FALSE(latency->value("failed", false));  // measured before the fault: kept as measured
}

// Issue 16 (9): a fault aimed at loads the GPU does not have is said, not silently ignored.
TEST(FaultCli, ScalarFaultOnNvidiaIsBadUsage) {
    const auto r = runCli("--backend sim --profile h100 --only l1 --no-session --quiet --inject-fault fault@scalar");
    EXPECT_EQ(r.exitCode, 2) << r.output;
    EXPECT_NE(r.output.find("fault@scalar"), std::string::npos) << r.output;
    EXPECT_NE(r.output.find("no scalar loads"), std::string::npos) << r.output;
}

TEST(FaultCli, AFaultThatNeverFiredIsAWarning) {
    const auto r = runCli("--backend sim --profile h100 --only shared --no-session --quiet --inject-fault fault@texture");
    EXPECT_EQ(r.exitCode, 0) << r.output;
    EXPECT_NE(r.output.find("injected fault fault@texture never fired"), std::string::npos) << r.output;
}
