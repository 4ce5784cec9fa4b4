// --version keeps its first line (`toposcope-cli VERSION`, docs/cli.md) and names the build: commit,
// backends, CUDA and HIP architectures; a run's report carries the same in `tool`.
#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "cli_runner.hpp"
#include "io/report_json.hpp"
#include "model/build_info.hpp"
#include "scratch_files.hpp"

namespace ts::test {
namespace {

std::vector<std::string> linesOf(const std::string& text) {
    std::vector<std::string> lines;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    return lines;
}

TEST(BuildInfo, VersionNamesCommitBackendsAndArchitectures) {
    const auto r = runCli("--version");
    ASSERT_EQ(r.exitCode, 0);
    const auto lines = linesOf(r.output);
    ASSERT_EQ(lines.size(), 5u) << r.output;
    EXPECT_EQ(lines[0], std::string("toposcope-cli ") + TOPOSCOPE_VERSION);
    EXPECT_EQ(lines[1].rfind("commit: ", 0), 0u) << lines[1];
    EXPECT_GT(lines[1].size(), std::string("commit: ").size());
    EXPECT_EQ(lines[2].rfind("backends: ", 0), 0u) << lines[2];
    EXPECT_NE(lines[2].find("sim"), std::string::npos) << "the simulator is always compiled in";
    EXPECT_EQ(lines[3].rfind("CUDA architectures: ", 0), 0u) << lines[3];
    EXPECT_EQ(lines[4].rfind("HIP architectures: ", 0), 0u) << lines[4];
}

TEST(BuildInfo, ArchitecturesOnlyForCompiledBackends) {
    const BuildInfo& b = buildInfo();
    auto has = [&](const char* backend) {
        for (const auto& x : b.backends)
            if (x == backend) return true;
        return false;
    };
    EXPECT_EQ(has("cuda"), !b.cudaArchitectures.empty());
    EXPECT_EQ(has("hip"), !b.hipArchitectures.empty());
    EXPECT_EQ(b.version, TOPOSCOPE_VERSION);
}

TEST(BuildInfo, ReportToolCarriesTheBuild) {
    const auto dir = scratchDir("toposcope-build-info-", "report");
    const auto file = dir / "r.json";
    const auto r = runCli("--backend sim --profile h100 --only l1 --quiet --no-session --json '" + file.string() + "'");
    ASSERT_EQ(r.exitCode, 0) << r.output;
    const auto json = readJson(file);
    const auto& tool = json.at("tool");
    const BuildInfo& b = buildInfo();
    EXPECT_EQ(tool.at("version"), b.version);
    EXPECT_EQ(tool.at("commit"), b.commit);
    EXPECT_EQ(tool.at("backends").get<std::vector<std::string>>(), b.backends);
    EXPECT_EQ(tool.at("cudaArchitectures").get<std::vector<std::string>>(), b.cudaArchitectures);
    EXPECT_EQ(tool.at("hipArchitectures").get<std::vector<std::string>>(), b.hipArchitectures);
    const Topology back = reportFromJson(json, file.string());
    ASSERT_TRUE(back.toolBuild.has_value());
    EXPECT_EQ(back.toolBuild->commit, b.commit);
    EXPECT_EQ(back.toolBuild->backends, b.backends);
}

TEST(BuildInfo, ASessionKeepsTheBuildForItsReports) {
    const auto dir = scratchDir("toposcope-build-info-", "session");
    const auto session = dir / "run.tss";
    const auto report = dir / "again.json";
    ASSERT_EQ(runCli("--backend sim --profile h100 --only l1 --quiet --session '" + session.string() + "'").exitCode, 0);
    const auto r = runCli("report --quiet --session '" + session.string() + "' --json '" + report.string() + "'");
    ASSERT_EQ(r.exitCode, 0) << r.output;
    const auto json = readJson(report);
    const auto& tool = json.at("tool");
    EXPECT_EQ(tool.at("commit"), buildInfo().commit);
    EXPECT_EQ(tool.at("backends").get<std::vector<std::string>>(), buildInfo().backends);
}

TEST(BuildInfo, AReportWithoutTheBuildFieldsStillReads) {
    auto json = reportToJson(Topology{}, false);
    json["tool"] = {{"name", "TopoScope"}, {"version", "0.1.0"}};
    const Topology t = reportFromJson(json, "old.json");
    EXPECT_EQ(t.toolVersion, "0.1.0");
    EXPECT_FALSE(t.toolBuild.has_value());
}

}  // namespace
}  // namespace ts::test
