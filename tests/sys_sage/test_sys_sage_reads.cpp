// sys-sage, the main reader of MT4G's layouts, reads what TopoScope writes: every simulator profile's
// export, and MT4G's own sample reports re-exported (`report --mt4g-report`) and re-analysed
// (`analyze --mt4g-raw`) give the components MT4G's own file gives.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>

#include "benchmarks/benchmark_groups.hpp"
#include "benchmarks/discovery.hpp"
#include "cli_runner.hpp"
#include "io/mt4g_json.hpp"
#include "simulated_runs.hpp"
#include "scratch_files.hpp"
#include "sim/builtin_profiles.hpp"
#include "sim/profile.hpp"
#include "simulated_run_files.hpp"
#include "sim_truth_counts.hpp"
#include "sys_sage_counts.hpp"

// sys-sage's model keeps its attributes as raw pointers nobody frees: its leaks are not ours.
extern "C" const char* __asan_default_options() { return "detect_leaks=0"; }

namespace ts::test {
namespace {

namespace fs = std::filesystem;

enum class Layout { Json, CsvV01 };

// Parses with sys-sage; a throw or a non-zero status fails the test naming the file.
SysSageCounts sysSageRead(const fs::path& file, Layout layout) {
    sys_sage::Node node(0);
    int status = -1;
    try {
        status = layout == Layout::Json ? sys_sage::ParseMt4g(&node, file.string(), 0)
                                        : sys_sage::ParseMt4g_v0_1(&node, file.string(), 0);
    } catch (const std::exception& e) {
        ADD_FAILURE() << "sys-sage threw on " << file << ": " << e.what();
        return {};
    }
    EXPECT_EQ(status, 0) << "sys-sage refused " << file;
    return countsOf(&node);
}

void expectTruth(const SysSageCounts& got, const TruthCounts& want, const std::string& what) {
    SCOPED_TRACE(what + ": " + describe(got));
    EXPECT_EQ(got.caches, want.caches);
    EXPECT_EQ(got.memories, want.memories);
    EXPECT_EQ(got.subdivisions, want.subdivisions);
    EXPECT_EQ(got.threads, want.threads);
    for (const auto& [prefix, n] : want.cachesByPrefix) EXPECT_EQ(countByPrefix(got, prefix), n) << prefix;
    EXPECT_EQ(got.cachesPerUnit, std::set<std::size_t>{want.cachesPerUnit});
}

class SimProfileExport : public ::testing::TestWithParam<std::string> {};

// The layouts toposcope-cli wrote of the profile's whole suite, once for every test that reads them.
TEST_P(SimProfileExport, SysSageBuildsWhatTheProfileDescribes) {
    const std::string name = GetParam();
    const SimProfile profile = loadProfile(name);
    const fs::path json = simulatedRunFile(name, ".mt4g.json");
    const fs::path csv = simulatedRunFile(name, ".mt4g.csv");
    expectTruth(sysSageRead(json, Layout::Json), jsonTruth(profile), name + " --mt4g-json");
    expectTruth(sysSageRead(csv, Layout::CsvV01), csvTruth(profile), name + " --mt4g-csv");
}

// A roofline run (issue 38) adds each level's readBandwidth and writeBandwidth under MT4G's own
// keys (its L2 and main memory have them; sys-sage keeps the main memory's): sys-sage still
// builds the same components, and every level it has a figure for carries one.
TEST(SimProfileExportRoofline, SysSageReadsEveryLevelsBandwidth) {
    for (const std::string name : {"h100", "rtx3090"}) {  // (an MI300X's whole simulated suite takes a minute)
        const SimProfile profile = loadProfile(name);
        DiscoveryOptions options;
        options.groups = defaultGroups();
        options.groups.insert("roofline");
        const Topology t = simulate(profile, options.groups);
        const nlohmann::json layout = topologyToMt4gJson(t);
        for (const char* level : {"l2", "main"}) {
            EXPECT_TRUE(layout["memory"][level].contains("readBandwidth")) << name << " " << level;
            EXPECT_TRUE(layout["memory"][level].contains("writeBandwidth")) << name << " " << level;
        }
        for (const char* level : {"l1", "shared"}) EXPECT_TRUE(layout["memory"][level].contains("readBandwidth")) << name << " " << level;
        EXPECT_TRUE(layout["memory"]["shared"].contains("writeBandwidth")) << name;
        const fs::path file = scratchDir("toposcope-sys-sage-roofline-", name) / "roofline.mt4g.json";
        std::ofstream(file) << layout.dump(2);
        expectTruth(sysSageRead(file, Layout::Json), jsonTruth(profile), name + " --with roofline --mt4g-json");
    }
}

std::vector<std::string> builtinNames() {
    std::vector<std::string> names;
    for (const auto& p : builtinProfiles()) names.emplace_back(p.name);
    return names;
}

INSTANTIATE_TEST_SUITE_P(EveryProfile, SimProfileExport, ::testing::ValuesIn(builtinNames()),
                         [](const auto& info) {
                             std::string n = info.param;
                             for (char& ch : n)
                                 if (!std::isalnum(static_cast<unsigned char>(ch))) ch = '_';
                             return n;
                         });

// MT4G's published reports: NVIDIA (Turing, Volta, Hopper) and AMD (CDNA2).
class Mt4gSample : public ::testing::TestWithParam<std::string> {
protected:
    fs::path report() const { return fs::path(TOPOSCOPE_TEST_DATA) / "mt4g" / (GetParam() + ".json"); }
    fs::path rawFolder() const { return fs::path(TOPOSCOPE_TEST_DATA) / "mt4g" / GetParam(); }
    fs::path scratch() const {
        std::string n = GetParam();
        for (char& ch : n)
            if (ch == ' ') ch = '_';
        return scratchDir("toposcope-sys-sage-", n);
    }
};

TEST_P(Mt4gSample, ReExportedReportGivesMt4gsOwnComponents) {
    const SysSageCounts mt4g = sysSageRead(report(), Layout::Json);
    ASSERT_GT(mt4g.caches, 0u);
    const fs::path out = scratch() / "re-exported.json";
    const auto run = runCli("report --quiet --mt4g-report '" + report().string() + "' --mt4g-json '" + out.string() + "'");
    ASSERT_EQ(run.exitCode, 0) << run.output;
    const SysSageCounts ours = sysSageRead(out, Layout::Json);
    EXPECT_EQ(describe(ours), describe(mt4g));
}

// The CSV names caches its own way ("L1+Texture+ReadOnly"): the counts must be MT4G's JSON ones, less
// what the v0.1 layout has no row for.
SysSageCounts withoutCsvLessEntries(SysSageCounts c) {
    for (const char* missing : {"Scalar L1", "L3", "Constant"}) {
        const auto it = c.cachesByName.find(missing);
        if (it == c.cachesByName.end()) continue;
        c.caches -= it->second;
        if (std::string(missing) == "Constant") {
            std::set<std::size_t> perUnit;
            for (auto n : c.cachesPerUnit) perUnit.insert(n - 1);
            c.cachesPerUnit = perUnit;
        }
        c.cachesByName.erase(it);
    }
    c.cachesByName.clear();
    return c;
}

TEST_P(Mt4gSample, ReExportedReportAsCsvGivesMt4gsOwnComponents) {
    const SysSageCounts mt4g = withoutCsvLessEntries(sysSageRead(report(), Layout::Json));
    const fs::path out = scratch() / "re-exported.csv";
    const auto run = runCli("report --quiet --mt4g-report '" + report().string() + "' --mt4g-csv '" + out.string() + "'");
    ASSERT_EQ(run.exitCode, 0) << run.output;
    SysSageCounts ours = sysSageRead(out, Layout::CsvV01);
    ours.cachesByName.clear();
    EXPECT_EQ(describe(ours), describe(mt4g));
}

TEST_P(Mt4gSample, ReAnalysedRawSeriesGiveMt4gsOwnComponents) {
    const SysSageCounts mt4g = sysSageRead(report(), Layout::Json);
    const fs::path out = scratch() / "re-analysed.json";
    const fs::path csv = scratch() / "re-analysed.csv";
    const auto run = runCli("analyze --quiet --mt4g-raw '" + rawFolder().string() + "' --mt4g-json '" + out.string() +
                            "' --mt4g-csv '" + csv.string() + "'");
    ASSERT_EQ(run.exitCode, 0) << run.output;
    const SysSageCounts ours = sysSageRead(out, Layout::Json);
    EXPECT_EQ(describe(ours), describe(mt4g));
    SysSageCounts oursCsv = sysSageRead(csv, Layout::CsvV01);
    oursCsv.cachesByName.clear();
    EXPECT_EQ(describe(oursCsv), describe(withoutCsvLessEntries(mt4g)));
}

INSTANTIATE_TEST_SUITE_P(PublishedSamples, Mt4gSample,
                         ::testing::Values("AMD Instinct MI210", "NVIDIA GeForce RTX 2080 Ti",
                                           "NVIDIA H100 80GB HBM3", "Tesla V100-PCIE-16GB"),
                         [](const auto& info) {
                             std::string n = info.param;
                             for (char& ch : n)
                                 if (!std::isalnum(static_cast<unsigned char>(ch))) ch = '_';
                             return n;
                         });

}  // namespace
}  // namespace ts::test
