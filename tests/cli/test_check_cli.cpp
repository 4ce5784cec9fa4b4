// toposcope-cli check --reference FILE (issue 41): on the simulated H100 against its own report it
// exits 0 and prints nothing but its one-line verdict; with an L2 that lost a partition it exits 5
// naming what moved; a fleet report's medians serve as the reference; bad references and flags
// are refused with exit 2 before anything is measured.
#include <gtest/gtest.h>

#include <fstream>

#include "cli_runner.hpp"
#include "scratch_files.hpp"

using namespace ts;
namespace fs = std::filesystem;

namespace {

// The built-in H100 profile with its L2 down to one of its two partitions: half the capacity, as
// the API still reports the whole (what a GPU with a failed L2 partition looks like).
fs::path lostPartitionProfile(const fs::path& dir) {
    nlohmann::json profile = test::readJson(fs::path(TOPOSCOPE_SOURCE_DIR) / "resources/profiles/h100.json");
    for (auto& cache : profile["caches"])
        if (cache["id"] == "l2") {
            cache["segments"] = 1;
            cache["size"] = cache["size"].get<std::uint64_t>() / 2;
        }
    const fs::path path = dir / "h100-lost-partition.json";
    std::ofstream(path) << profile.dump(1);
    return path;
}

class CheckCli : public ::testing::Test {
protected:
    // The reference of the H100's memory group: check runs the groups its reference holds, and
    // the L2's (5 s of the simulator) only where a test is about the L2.
    static void SetUpTestSuite() {
        dir_ = test::scratchDir("toposcope-check-", "suite");
        makeReference("memory", reference());
    }
    static void makeReference(const std::string& groups, const fs::path& file) {
        const auto r = test::runCli("--backend sim --profile h100 --only " + groups + " --quiet --no-session --json " + ts::test::shellQuoted(file));
        ASSERT_EQ(r.exitCode, 0) << r.output;
    }
    static void TearDownTestSuite() { fs::remove_all(dir_); }
    static fs::path reference() { return dir_ / "h100-reference.json"; }
    static inline fs::path dir_;
};

}  // namespace

TEST_F(CheckCli, TheSameGpuIsAsItsReference) {
    const auto r = test::runCli("check --reference " + ts::test::shellQuoted(reference()) + " --backend sim --profile h100");
    EXPECT_EQ(r.exitCode, 0) << r.output;
    EXPECT_NE(r.output.find("check: 0 of "), std::string::npos) << r.output;
    // Only the verdict: no progress, no summary table.
    EXPECT_EQ(std::count(r.output.begin(), r.output.end(), '\n'), 1) << r.output;
    const auto quiet = test::runCli("check --reference " + ts::test::shellQuoted(reference()) + " --backend sim --profile h100 --quiet");
    EXPECT_EQ(quiet.exitCode, 0) << quiet.output;
    EXPECT_EQ(quiet.output, "") << "nothing deviates: --quiet prints nothing";
}

TEST_F(CheckCli, AnL2ThatLostAPartitionDeviatesWithExitFive) {
    const fs::path profile = lostPartitionProfile(dir_);
    const fs::path l2Reference = dir_ / "h100-l2-reference.json";
    makeReference("l2", l2Reference);
    const fs::path report = dir_ / "lost.json";
    const auto r = test::runCli("check --reference " + ts::test::shellQuoted(l2Reference) + " --backend sim --profile " + ts::test::shellQuoted(profile) +
                                " --json " + ts::test::shellQuoted(report));
    EXPECT_EQ(r.exitCode, 5) << r.output;
    EXPECT_NE(r.output.find("l2.shared_capacity"), std::string::npos) << r.output;
    EXPECT_NE(r.output.find("reference 52592640 B"), std::string::npos) << r.output;
    EXPECT_EQ(r.output.find("l2.api_size"), std::string::npos) << "the API still says 50 MiB: no deviation\n" << r.output;
    EXPECT_NO_THROW(test::readJson(report)) << "the check's own report was not written";
}

TEST_F(CheckCli, AFleetReportsMediansAreTheReference) {
    const fs::path members = dir_ / "members";
    auto r = test::runCli("--backend sim --all-devices --profile h100 --profile h100 --profile h100 --only memory --quiet "
                          "--fleet-out " + ts::test::shellQuoted(members));
    ASSERT_EQ(r.exitCode, 0) << r.output;
    const fs::path fleet = dir_ / "fleet.json";
    r = test::runCli("compare " + ts::test::shellQuoted(members) + " --quiet --fleet " + ts::test::shellQuoted(fleet));
    ASSERT_TRUE(fs::exists(fleet)) << r.output;
    r = test::runCli("check --reference " + ts::test::shellQuoted(fleet) + " --backend sim --profile h100");
    EXPECT_EQ(r.exitCode, 0) << r.output;
    EXPECT_NE(r.output.find("3 report(s) of"), std::string::npos) << r.output;
    // The same GPU with device memory 30 % slower to answer.
    nlohmann::json slow = test::readJson(fs::path(TOPOSCOPE_SOURCE_DIR) / "resources/profiles/h100.json");
    slow["dram"]["latency"] = 1092;
    std::ofstream(dir_ / "h100-slow-dram.json") << slow.dump(1);
    r = test::runCli("check --reference " + ts::test::shellQuoted(fleet) + " --backend sim --profile " + ts::test::shellQuoted(dir_ / "h100-slow-dram.json"));
    EXPECT_EQ(r.exitCode, 5) << r.output;
    EXPECT_NE(r.output.find("dram.latency"), std::string::npos) << r.output;
}

TEST_F(CheckCli, BadReferencesAndFlagsAreRefusedBeforeMeasuring) {
    auto r = test::runCli("check --reference " + ts::test::shellQuoted(reference()) + " --backend sim --profile mi210");
    EXPECT_EQ(r.exitCode, 2) << r.output;
    EXPECT_NE(r.output.find("this GPU is \"AMD"), std::string::npos) << r.output;
    r = test::runCli("check --reference " + ts::test::shellQuoted(dir_ / "missing.json") + " --backend sim");
    EXPECT_EQ(r.exitCode, 2) << r.output;
    r = test::runCli("check --reference " + ts::test::shellQuoted(reference()) + " --backend sim --tolerance l9.size=3");
    EXPECT_EQ(r.exitCode, 2) << r.output;
    EXPECT_NE(r.output.find("l9.size"), std::string::npos) << r.output;
    r = test::runCli("check --reference " + ts::test::shellQuoted(reference()) + " --backend sim --json " + ts::test::shellQuoted(reference()));
    EXPECT_EQ(r.exitCode, 2) << r.output;
    EXPECT_NO_THROW(test::readJson(reference())) << "the reference was overwritten";
    r = test::runCli("check --backend sim");
    EXPECT_EQ(r.exitCode, 2) << r.output;
}
