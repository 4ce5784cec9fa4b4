// mpirun -np 4 toposcope-mpi on simulated GPUs, one with a planted fault: the fleet report's
// comparison must flag exactly that rank's attributes, nothing else. Label `mpi`.
#include <gtest/gtest.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <set>
#include <sys/wait.h>
#include <unistd.h>

#include "fleet/compare.hpp"
#include "fleet/fleet_report.hpp"
#include "../front_end_agreement.hpp"

using namespace ts;
namespace fs = std::filesystem;

namespace {

struct Result {
    int exitCode = -1;
    std::string output;
};

Result run(const std::string& command) {
    Result r;
    FILE* pipe = popen((command + " 2>&1").c_str(), "r");
    if (!pipe) return r;
    std::array<char, 4096> buffer{};
    while (std::fgets(buffer.data(), static_cast<int>(buffer.size()), pipe)) r.output += buffer.data();
    const int status = pclose(pipe);
    r.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    return r;
}

bool haveMpirun() {
    const std::string mpiexec = TOPOSCOPE_MPIEXEC;
    return !mpiexec.empty() && access(mpiexec.c_str(), X_OK) == 0;
}

// Open MPI refuses root without these, and 4 ranks on 2 cores need --oversubscribe.
std::string mpirun(int ranks, const std::string& arguments) {
    return std::string("OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1 '") +
           TOPOSCOPE_MPIEXEC + "' --oversubscribe -np " + std::to_string(ranks) + " " + arguments;
}

fs::path mpiScratch() {
    const fs::path dir = fs::temp_directory_path() / ("toposcope-mpi-" + std::to_string(getpid()));
    fs::create_directories(dir);
    return dir;
}

// (rank, attribute id) of every flagged cell.
std::set<std::pair<int, std::string>> flaggedCells(const fleet::FleetReport& f) {
    const auto c = fleet::compare(f.members);
    std::set<std::pair<int, std::string>> out;
    for (std::size_t i = 0; i < c.cells.size(); ++i)
        for (std::size_t a = 0; a < c.attributes.size(); ++a)
            if (c.cells[i][a].outlier) out.insert({f.members[i].rank, c.attributes[a].id});
    return out;
}

const std::string kMpi = TOPOSCOPE_MPI_PROGRAM;
const std::string kData = TOPOSCOPE_TEST_DATA;

}  // namespace

TEST(MpiFleet, FourRanksFlagExactlyThePlantedSmallL2Segment) {
    if (!haveMpirun()) GTEST_SKIP() << "mpirun not found";
    const fs::path out = mpiScratch() / "fleet.json";
    const std::string common = " --backend sim --only l2,memory,bandwidth --out '" + out.string() + "'";
    // MPMD: ranks 0, 1 and 3 simulate the stock H100, rank 2 the one with a smaller L2.
    const auto r = run(mpirun(2, "'" + kMpi + "'" + common + " --profile h100") + " : -np 1 '" + kMpi + "'" + common +
                       " --profile '" + kData + "/fleet/h100-small-l2.json' : -np 1 '" + kMpi + "'" + common +
                       " --profile h100");
    ASSERT_EQ(r.exitCode, 0) << r.output;
    const fleet::FleetReport f = fleet::readFleetReport(out.string());
    ASSERT_EQ(f.members.size(), 4u) << r.output;
    std::set<int> ranks;
    std::set<std::string> uuids;
    for (const auto& m : f.members) {
        ranks.insert(m.rank);
        uuids.insert(m.uuid);
        EXPECT_FALSE(m.host.empty());
        EXPECT_TRUE(m.uuidSynthetic) << m.uuid;
    }
    EXPECT_EQ(ranks, (std::set<int>{0, 1, 2, 3}));
    EXPECT_EQ(uuids.size(), 4u) << "synthetic UUIDs must differ by rank";
    // The smaller L2 shows in its size, its size per SM and the capacity all SMs share.
    const std::set<std::pair<int, std::string>> expected{{2, "l2.shared_capacity"}, {2, "l2.size"}, {2, "l2.size_per_sm"}};
    EXPECT_EQ(flaggedCells(f), expected) << r.output;

    // The CLI's compare on the gathered report: exit 1 (outliers found).
    const auto compare = run("'" + std::string(TOPOSCOPE_CLI) + "' compare '" + out.string() + "'");
    EXPECT_EQ(compare.exitCode, 1) << compare.output;
    EXPECT_NE(compare.output.find("outlier: "), std::string::npos) << compare.output;
}

TEST(MpiFleet, RankPerNodeWithAllDevicesGathersEveryGpu) {
    if (!haveMpirun()) GTEST_SKIP() << "mpirun not found";
    const fs::path out = mpiScratch() / "nodes.json";
    const std::string program = "'" + kMpi + "' --backend sim --all-devices --only memory,bandwidth --out '" + out.string() + "'";
    const auto r = run(mpirun(1, program + " --profile h100 --profile h100") + " : -np 1 " + program +
                       " --profile h100 --profile '" + kData + "/fleet/h100-slow-dram.json'");
    ASSERT_EQ(r.exitCode, 0) << r.output;
    const fleet::FleetReport f = fleet::readFleetReport(out.string());
    ASSERT_EQ(f.members.size(), 4u) << r.output;
    const std::set<std::pair<int, std::string>> expected{
        {1, "dram.latency"}, {1, "dram.read_bandwidth"}, {1, "dram.write_bandwidth"}, {1, "dram.copy_bandwidth"}};
    EXPECT_EQ(flaggedCells(f), expected) << r.output;
    int slow = 0;
    for (const auto& m : f.members) slow += (m.rank == 1 && m.deviceIndex == 1) ? 1 : 0;
    EXPECT_EQ(slow, 1);
}

// Every way to run gives the same answers (issue 35): two ranks of toposcope-mpi on a built-in
// profile each report what the plain toposcope-cli run does, value by value, confidence by confidence.
class MpiAgrees : public testing::TestWithParam<std::string> {};

TEST_P(MpiAgrees, TwoRanksReportWhatThePlainRunReports) {
    if (!haveMpirun()) GTEST_SKIP() << "mpirun not found";
    const std::string profile = GetParam();
    const std::string groups = test::agreementGroups(profile);
    const fs::path dir = mpiScratch() / ("agree-" + profile);
    fs::create_directories(dir);
    const std::string common = " --backend sim --profile " + profile + " --only " + groups;
    const auto plainRun = run("'" + std::string(TOPOSCOPE_CLI) + "'" + common + " --no-session --quiet --json '" + (dir / "plain.json").string() + "'");
    ASSERT_EQ(plainRun.exitCode, 0) << plainRun.output;
    const auto r = run(mpirun(2, "'" + kMpi + "'" + common + " --quiet --out '" + (dir / "fleet.json").string() + "'"));
    ASSERT_EQ(r.exitCode, 0) << r.output;
    const nlohmann::json plain = test::reportAsWritten(readReportFile((dir / "plain.json").string()));
    const fleet::FleetReport f = fleet::readFleetReport((dir / "fleet.json").string());
    ASSERT_EQ(f.members.size(), 2u) << r.output;
    for (const auto& member : f.members) {
        const auto differences = test::reportDifferences(plain, test::reportAsWritten(member.report));
        EXPECT_TRUE(differences.empty()) << "rank " << member.rank << ": " << test::describeDifferences(differences);
    }
    fs::remove_all(dir);
}

INSTANTIATE_TEST_SUITE_P(EveryBuiltinProfile, MpiAgrees, testing::ValuesIn(test::builtinProfileNames()),
                         [](const auto& info) { return test::profileTestName(info.param); });

// A rank whose GPU does not open (a missing profile) fails the job: exit status 1, the other
// rank's GPU still in the report (issue 40; it exited 0).
TEST(MpiFleet, AFailedRankIsExitOne) {
    if (!haveMpirun()) GTEST_SKIP() << "mpirun not found";
    const fs::path out = mpiScratch() / "failed-rank.json";
    const std::string common = " --backend sim --only memory --quiet --out '" + out.string() + "'";
    const auto r = run(mpirun(1, "'" + kMpi + "'" + common + " --profile h100") + " : -np 1 '" + kMpi + "'" + common +
                       " --profile '" + (mpiScratch() / "no-such-profile.json").string() + "'");
    EXPECT_EQ(r.exitCode, 1) << r.output;
    const fleet::FleetReport f = fleet::readFleetReport(out.string());
    EXPECT_EQ(f.members.size(), 1u) << r.output;
}

// --out and --compare-json naming one file: refused before anything is written (it overwrote the
// fleet report with the comparison, exit 0).
TEST(MpiFleet, OutAndCompareJsonNamingOneFileAreRefused) {
    if (!haveMpirun()) GTEST_SKIP() << "mpirun not found";
    const fs::path out = mpiScratch() / "one-file.json";
    fs::remove(out);
    const auto r = run(mpirun(2, "'" + kMpi + "' --backend sim --only memory --quiet --out '" + out.string() +
                                     "' --compare-json '" + out.string() + "'"));
    EXPECT_EQ(r.exitCode, 2) << r.output;
    EXPECT_FALSE(fs::exists(out)) << "a file was written";
}
