// toposcope-cli as users and scripts call it: flags, exit codes, outputs.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include <nlohmann/json.hpp>

#include "cli_runner.hpp"
#include "simulated_run_files.hpp"
#include "scratch_files.hpp"
#include "sim/profile.hpp"
#include "sim_truth.hpp"

using namespace ts;
using test::readJson;
using test::runCli;
namespace fs = std::filesystem;

namespace {

fs::path cliScratch(const std::string& name) { return test::scratchDir("toposcope-cli-test-", name); }

}  // namespace

TEST(Cli, VersionAndHelpExitZero) {
    EXPECT_EQ(runCli("--version").exitCode, 0);
    const auto help = runCli("--help");
    EXPECT_EQ(help.exitCode, 0);
    EXPECT_NE(help.output.find("--mt4g-json"), std::string::npos);
}

TEST(Cli, ProfilesListsEveryBuiltinProfile) {
    const auto r = runCli("profiles");
    EXPECT_EQ(r.exitCode, 0);
    for (const char* name : {"h100", "h200", "a100", "rtx3090", "mi210", "mi300x"}) EXPECT_NE(r.output.find(name), std::string::npos) << name;
}

TEST(Cli, BadUsageExitsTwo) {
    EXPECT_EQ(runCli("--backend bogus").exitCode, 2);
    EXPECT_EQ(runCli("--no-such-flag").exitCode, 2);
    EXPECT_EQ(runCli("--device -3").exitCode, 2);
    const auto groups = runCli("--backend sim --only l1,nonsense");
    EXPECT_EQ(groups.exitCode, 2);
    EXPECT_NE(groups.output.find("nonsense"), std::string::npos);
}

// --with joins the default run, whose AMD-only groups an NVIDIA GPU skips without a word; a group
// named for a GPU without it is still warned about.
TEST(Cli, WithWarnsOnlyOfTheGroupsNamed) {
    const auto with = runCli("--backend sim --profile h100 --only l1 --with layout");
    EXPECT_EQ(with.exitCode, 0) << with.output;
    const auto joined = runCli("--backend sim --profile rtx3090 --with layout --no-session");
    EXPECT_EQ(joined.exitCode, 0) << joined.output;
    EXPECT_EQ(joined.output.find("does not exist on"), std::string::npos) << joined.output;
    const auto named = runCli("--backend sim --profile h100 --only l1 --with scalar");
    EXPECT_NE(named.output.find("group 'scalar' does not exist on NVIDIA GPUs"), std::string::npos) << named.output;
}

TEST(Cli, BadProfileExitsTwoNamingTheFile) {
    const auto missing = runCli("--backend sim --profile /nonexistent/gpu.json");
    EXPECT_EQ(missing.exitCode, 2);
    EXPECT_NE(missing.output.find("/nonexistent/gpu.json"), std::string::npos) << missing.output;

    const fs::path dir = cliScratch("badprofile");
    const fs::path broken = dir / "broken.json";
    std::ofstream(broken) << "{\"format\": \"toposcope-sim-profile/1\", \"name\": ";
    const auto truncated = runCli("--backend sim --profile '" + broken.string() + "'");
    EXPECT_EQ(truncated.exitCode, 2);
    EXPECT_NE(truncated.output.find("broken.json"), std::string::npos) << truncated.output;

    const fs::path binary = dir / "binary.json";
    std::ofstream(binary, std::ios::binary) << std::string("\x00\xff\xfe\x01garbage", 12);
    EXPECT_EQ(runCli("--backend sim --profile '" + binary.string() + "'").exitCode, 2);
}

TEST(Cli, AnalyzeOfMissingFolderExitsTwo) {
    const auto r = runCli("analyze --mt4g-raw /nonexistent/raw");
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_NE(r.output.find("/nonexistent/raw"), std::string::npos) << r.output;
}

// An output that cannot be created is found before anything is measured (the outputs are
// claimed first, issue 16): bad usage, naming the file.
TEST(Cli, UnwritableOutputIsRefusedBeforeTheRun) {
    const auto r = runCli("--backend sim --only shared --quiet --json /nonexistent/dir/out.json");
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_NE(r.output.find("/nonexistent/dir/out.json"), std::string::npos) << r.output;
}

TEST(Cli, SimRunWritesAllThreeOutputs) {
    const fs::path dir = cliScratch("outputs");
    const auto r = runCli("--backend sim --profile h100 --only l1,shared --quiet --json '" + (dir / "r.json").string() +
                          "' --mt4g-json '" + (dir / "m.json").string() + "' --raw '" + (dir / "raw").string() + "'");
    ASSERT_EQ(r.exitCode, 0) << r.output;
    const auto report = readJson(dir / "r.json");
    EXPECT_EQ(report["format"], "toposcope-report/3");
    EXPECT_FALSE(report["series"].empty());
    const auto mt4g = readJson(dir / "m.json");
    EXPECT_NEAR(mt4g["memory"]["l1"]["size"]["size"].get<double>(), 246784, 0.02 * 246784);
    EXPECT_EQ(mt4g["memory"]["l1"]["lineSize"]["size"], 128);
    EXPECT_EQ(mt4g["general"]["vendor"], "NVIDIA");
    bool sawSize = false;
    for (const auto& entry : fs::directory_iterator(dir / "raw"))
        sawSize = sawSize || entry.path().filename().string().find(" - L1 Size.txt") != std::string::npos;
    EXPECT_TRUE(sawSize);
}

// The summary table prints byte counts in full: a rounded 2.49692e+07 would hide the last digits.
TEST(Cli, SummaryPrintsWholeNumbersInFull) {
    const auto r = runCli("--backend sim --profile h100 --only l2");
    ASSERT_EQ(r.exitCode, 0) << r.output;
    EXPECT_NE(r.output.find("52428800 bytes (50 MiB)"), std::string::npos) << r.output;
    EXPECT_EQ(r.output.find("e+0"), std::string::npos) << r.output;
}

// The acceptance command: the full suite through the CLI reproduces the h100 truth (the
// MT4G JSON of `toposcope-cli --backend sim --profile h100`, as the simulated_run.h100 fixture wrote it).
TEST(Cli, Mt4gJsonOfTheSimulatedH100ReproducesTheProfile) {
    const auto j = readJson(ts::test::simulatedRunFile("h100", ".mt4g.json"));
    const SimProfile p = loadProfile("h100");
    const auto& mem = j["memory"];
    auto near = [](const nlohmann::json& entry, double expected, double tolerance, const std::string& what) {
        ASSERT_TRUE(entry.is_number()) << what << ": " << entry.dump();
        EXPECT_NEAR(entry.get<double>(), expected, tolerance) << what;
    };
    for (const auto& [key, cacheId] : {std::pair{"l1", "l1"}, std::pair{"texture", "l1"}, std::pair{"readOnly", "l1"}}) {
        const SimCache* c = nullptr;
        for (const auto& cache : p.caches)
            if (cache.id == cacheId) c = &cache;
        ASSERT_NE(c, nullptr);
        near(mem[key]["size"]["size"], static_cast<double>(c->size), 0.02 * static_cast<double>(c->size), key);
        near(mem[key]["lineSize"]["size"], c->line, 0, key);
        near(mem[key]["fetchGranularity"]["size"], c->sector, 0, key);
        near(mem[key]["latency"]["p50"], c->latency, 2, key);  // p50: one 400-cycle noise outlier moves the mean by 1.6
        near(mem[key]["amountPerMultiprocessor"], c->perSm, 0, key);
        EXPECT_EQ(mem[key]["sharedWith"].size(), 2u) << key;
    }
    near(mem["constant"]["l1"]["size"]["size"], 2048, 0.02 * 2048, "constant l1");
    near(mem["constant"]["l1.5"]["fetchGranularity"]["size"], 256, 0, "constant l1.5");
    near(mem["l2"]["segmentSize"]["size"], 52428800 / 2, 0.02 * 52428800 / 2, "l2 segment");
    near(mem["l2"]["size"]["value"], 52428800, 0, "l2 api size");
    near(mem["l2"]["lineSize"]["size"], 128, 0, "l2 line");
    near(mem["l2"]["fetchGranularity"]["size"], 32, 0, "l2 fg");
    near(mem["shared"]["latency"]["p50"], p.sharedMemory.latency, 2, "shared");
    near(mem["main"]["latency"]["p50"], p.dram.latency, 2, "main");
}
