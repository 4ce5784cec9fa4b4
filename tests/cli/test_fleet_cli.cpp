// toposcope-cli --all-devices on simulated GPUs and toposcope-cli compare: files, exit codes.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <unistd.h>

#include "cli_runner.hpp"
#include "fleet/fleet_report.hpp"
#include "io/json_file.hpp"

using namespace ts;
namespace fs = std::filesystem;

namespace {

fs::path fleetCliScratch(const std::string& name) {
    const fs::path dir = fs::temp_directory_path() / ("toposcope-fleet-cli-" + std::to_string(getpid())) / name;
    fs::remove_all(dir);
    fs::create_directories(dir);
    return dir;
}

const std::string kData = TOPOSCOPE_TEST_DATA;

std::string q(const fs::path& p) { return "'" + p.string() + "'"; }

}  // namespace

TEST(FleetCli, AllDevicesOnFourSimulatedGpusWritesEachReportAndFindsTheSlowMemory) {
    const fs::path dir = fleetCliScratch("all-devices");
    const auto r = test::runCli("--backend sim --all-devices --only memory,bandwidth --profile h100 --profile h100 --profile " +
                                q(fs::path(kData) / "fleet/h100-slow-dram.json") + " --profile h100 --json " +
                                q(dir / "reports") + " --fleet-out " + q(dir / "fleet"));
    ASSERT_EQ(r.exitCode, 0) << r.output;
    for (int i = 0; i < 4; ++i) EXPECT_TRUE(fs::exists(dir / "reports" / ("gpu" + std::to_string(i) + ".json"))) << i;
    std::size_t members = 0;
    for (const auto& e : fs::directory_iterator(dir / "fleet")) {
        EXPECT_EQ(e.path().extension(), ".json") << e.path() << ": a temporary file was left behind";
        members += fleet::readMembers(e.path().string()).size();
    }
    EXPECT_EQ(members, 4u);
    EXPECT_NE(r.output.find("simulator models no GPU-to-GPU links"), std::string::npos) << r.output;
    EXPECT_NE(r.output.find("through the shared gate"), std::string::npos) << r.output;

    const auto compare = test::runCli("compare " + q(dir / "fleet") + " --json " + q(dir / "compare.json") + " --fleet " +
                                      q(dir / "merged.json"));
    EXPECT_EQ(compare.exitCode, 1) << compare.output;
    const auto json = readJsonFile((dir / "compare.json").string());
    std::set<std::string> flagged;
    for (const auto& o : json.at("outliers")) {
        EXPECT_NE(o.at("member").get<std::string>().find("GPU 2"), std::string::npos) << o.dump();
        flagged.insert(o.at("attribute").get<std::string>());
    }
    EXPECT_EQ(flagged, (std::set<std::string>{"dram.latency", "dram.read_bandwidth", "dram.write_bandwidth",
                                              "dram.copy_bandwidth"}));
    EXPECT_EQ(fleet::readFleetReport((dir / "merged.json").string()).members.size(), 4u);
}

TEST(FleetCli, CompareExitsZeroWithoutOutliersAndSaysWhenItCannotJudge) {
    const fs::path dir = fleetCliScratch("same");
    ASSERT_EQ(test::runCli("--backend sim --all-devices --only memory --profile h100 --profile h100 --profile h100 --quiet "
                           "--json " + q(dir))
                  .exitCode,
              0);
    const auto three = test::runCli("compare " + q(dir / "gpu0.json") + " " + q(dir / "gpu1.json") + " " + q(dir / "gpu2.json"));
    EXPECT_EQ(three.exitCode, 0) << three.output;
    EXPECT_NE(three.output.find("no outliers"), std::string::npos) << three.output;
    const auto two = test::runCli("compare " + q(dir / "gpu0.json") + " " + q(dir / "gpu1.json"));
    EXPECT_EQ(two.exitCode, 0) << two.output;
    EXPECT_NE(two.output.find("at least 3"), std::string::npos) << two.output;
}

TEST(FleetCli, BadInputExitsTwoNamingTheFile) {
    const fs::path dir = fleetCliScratch("bad");
    std::ofstream(dir / "broken.json") << "{\"format\": \"toposcope-fleet/1\", \"members\": [{\"rank\": \"x\"";
    auto r = test::runCli("compare " + q(dir / "broken.json"));
    EXPECT_EQ(r.exitCode, 2) << r.output;
    EXPECT_NE(r.output.find("broken.json"), std::string::npos) << r.output;
    r = test::runCli("compare " + q(dir / "missing.json"));
    EXPECT_EQ(r.exitCode, 2) << r.output;
    EXPECT_NE(r.output.find("missing.json"), std::string::npos) << r.output;
    const fs::path empty = fleetCliScratch("empty-folder");
    r = test::runCli("compare " + q(empty));
    EXPECT_EQ(r.exitCode, 2) << r.output;
    EXPECT_NE(r.output.find("no .json file"), std::string::npos) << r.output;
    r = test::runCli("--backend sim --profile h100 --profile a100 --no-session --quiet");
    EXPECT_EQ(r.exitCode, 2) << r.output;
    EXPECT_NE(r.output.find("--all-devices"), std::string::npos) << r.output;
    r = test::runCli("--backend sim --all-devices --profile " + q(dir / "nope.json") + " --quiet");
    EXPECT_EQ(r.exitCode, 1) << r.output;  // the worker cannot open its simulated GPU
    EXPECT_NE(r.output.find("nope.json"), std::string::npos) << r.output;
}
