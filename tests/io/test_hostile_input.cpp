// Issue 16 (items 5, 7, 8, 10, 13): hostile input gets a clear message and exit 2, never a crash,
// a hang or unbounded memory; what TopoScope writes, it reads back.
#include <gtest/gtest.h>

#include <cstdlib>
#include <functional>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <string>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

#include <nlohmann/json.hpp>

#include "cli_runner.hpp"
#include "io/input_error.hpp"
#include "io/input_file.hpp"
#include "io/json_input.hpp"
#include "io/report_json.hpp"
#include "scratch_files.hpp"

using namespace ts;
namespace fs = std::filesystem;
using nlohmann::json;

namespace {

fs::path hostileScratch(const std::string& name) { return test::scratchDir("toposcope-hostile-", name + "-" + std::to_string(::getpid())); }

std::string deepArray(std::size_t depth) { return std::string(depth, '[') + std::string(depth, ']'); }

std::string errorOf(const std::function<void()>& load) {
    try {
        load();
    } catch (const InputError& e) {
        return e.what();
    }
    return "(accepted)";
}

struct MeasuredRun {
    int exitCode = -1;
    std::string output;
    long peakKib = 0;  // the child's peak resident set
};

// Runs toposcope-cli with `args` (no shell), its output in a file, and measures its peak RSS.
MeasuredRun runMeasured(const std::vector<std::string>& args, const fs::path& outputFile) {
    MeasuredRun m;
    const pid_t pid = ::fork();
    if (pid == 0) {
        const int fd = ::open(outputFile.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
        ::dup2(fd, 1);
        ::dup2(fd, 2);
        std::vector<char*> argv{const_cast<char*>(TOPOSCOPE_CLI)};
        for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
        argv.push_back(nullptr);
        ::execv(TOPOSCOPE_CLI, argv.data());
        ::_exit(127);
    }
    int status = 0;
    struct rusage usage {};
    ::wait4(pid, &status, 0, &usage);
    m.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    m.peakKib = usage.ru_maxrss;
    m.output = test::bytesOf(outputFile);
    return m;
}

void expectBadInput(const test::CliResult& r, const std::string& file, const std::string& problem, const std::string& what) {
    EXPECT_EQ(r.exitCode, 2) << what << ": " << r.output;
    EXPECT_NE(r.output.find(file), std::string::npos) << what << ": the message names no file: " << r.output;
    EXPECT_NE(r.output.find(problem), std::string::npos) << what << ": " << r.output;
    EXPECT_EQ(r.output.find("json.exception"), std::string::npos) << what << ": the JSON library's own message: " << r.output;
    EXPECT_EQ(r.output.find("stoi"), std::string::npos) << what << ": " << r.output;
}

std::string h100Profile() { return test::bytesOf(fs::path(TOPOSCOPE_SOURCE_DIR) / "resources/profiles/h100.json"); }
std::string mt4gReport() { return test::bytesOf(fs::path(TOPOSCOPE_TEST_DATA) / "mt4g/AMD Instinct MI210.json"); }

std::string replaced(std::string text, const std::string& from, const std::string& to) {
    const auto at = text.find(from);
    EXPECT_NE(at, std::string::npos) << from;
    return at == std::string::npos ? text : text.replace(at, from.size(), to);
}

// A small but whole TopoScope report.
json smallReport() {
    return json{{"format", kReportFormat},
                {"device", {{"vendor", "NVIDIA"}, {"name", "Test GPU"}}},
                {"elements",
                 {{{"id", "l1"},
                   {"attributes",
                    {{{"name", "size"}, {"value", 262144}, {"unit", "bytes"}, {"source", "benchmark"}, {"confidence", 1}},
                     {{"name", "latency"}, {"value", 38}, {"unit", "cycles"}, {"source", "benchmark"}, {"confidence", 1}}}}}}}};
}

}  // namespace

// Item 5: nesting is refused while parsing, before anything can recurse over the tree.
TEST(JsonInput, NestingDeeperThanTheLimitIsRefusedWithItsPlace) {
    EXPECT_NO_THROW(parseJsonText(deepArray(kMaxJsonDepth), "ok.json"));
    const std::string message = errorOf([] { parseJsonText(deepArray(100000), "deep.json"); });
    EXPECT_EQ(message, "deep.json: line 1, column 65: nested deeper than 64 levels (no real file nests so deep)");
    const std::string objects = errorOf([] {
        std::string text;
        for (int i = 0; i < 100; ++i) text += "{\"k\":\n";
        parseJsonText(text, "objects.json");
    });
    EXPECT_NE(objects.find("objects.json: line 65"), std::string::npos) << objects;
}

// Item 5: messages describe a value without serialising it (a deep value dumped recursively
// overflowed the stack).
TEST(JsonInput, DescribeNeverDumpsAWholeValue) {
    json deep = json::array();
    for (int i = 0; i < 100000; ++i) deep = json::array({std::move(deep)});
    EXPECT_EQ(describeJson(deep), "an array of 1 element(s)");
    EXPECT_EQ(jsonDepth(deep, 64), 65);
    EXPECT_EQ(describeJson(json::object()), "{}");
    EXPECT_EQ(describeJson(json(std::string(1000, 'x'))).size(), 2u + 48u + std::string("... (1000 characters)").size());
    EXPECT_EQ(describeJson(json(-5)), "-5");
    // The destructor of a deep tree is not recursive in nlohmann 3.11 either: leaving the scope is the test.
}

// Item 7: a number beyond a double is bad input, with its place, in the program's words.
TEST(JsonInput, NumberOutOfRangeNamesLineAndColumn) {
    const std::string message = errorOf([] { parseJsonText("{\n  \"size\": 1e400\n}", "big.json"); });
    EXPECT_EQ(message, "big.json: line 2, column 15: number out of range (beyond a double): '1e400'");
}

// Item 8: a huge token is never echoed whole.
TEST(JsonInput, ParseErrorsCutHugeTokens) {
    const std::string message = errorOf([] { parseJsonText("[\"" + std::string(5'000'000, 'a') + "\x01\"]", "long.json"); });
    EXPECT_LT(message.size(), 300u) << message.substr(0, 300);
    EXPECT_NE(message.find("long.json: not valid JSON at line 1"), std::string::npos) << message.substr(0, 300);
}

// Item 8: type first (a FIFO must not block, /dev/zero must not be read), then size, both
// before the first byte is read.
TEST(InputFile, OnlyRegularFilesOfBoundedSize) {
    const fs::path dir = hostileScratch("input-file");
    const fs::path fifo = dir / "fifo.json";
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
    EXPECT_EQ(errorOf([&] { readInputFile(fifo.string(), 1 << 20, "profile"); }),
              fifo.string() + ": a FIFO (pipe), not a profile file");
    EXPECT_EQ(errorOf([] { readInputFile("/dev/zero", 1 << 20, "profile"); }),
              "/dev/zero: a character device, not a profile file");
    EXPECT_EQ(errorOf([&] { readInputFile(dir.string(), 1 << 20, "profile"); }), dir.string() + ": a folder, not a profile file");
    const fs::path sparse = dir / "sparse.json";
    test::writeBytes(sparse, "");
    fs::resize_file(sparse, 1ull << 30);
    EXPECT_EQ(errorOf([&] { readInputFile(sparse.string(), 16 << 20, "profile"); }),
              sparse.string() + ": 1024 MiB, larger than any profile (at most 16 MiB)");
    test::writeBytes(dir / "small.json", "{}");
    EXPECT_EQ(readInputFile((dir / "small.json").string(), 2, "profile"), "{}");
    EXPECT_NE(errorOf([&] { readInputFile((dir / "small.json").string(), 1, "profile"); }).find("larger than any"),
              std::string::npos);
    fs::remove_all(dir);
}

// Items 5 and 7 through the command line: the cases (SIGSEGV, the library's exception).
TEST(HostileInputCli, DeepNestingAndHugeNumbersInEveryJsonInput) {
    const fs::path dir = hostileScratch("json-cli");
    const std::string deep = deepArray(100000);
    auto profileRun = [&](const fs::path& f) {
        return test::runCli("--backend sim --profile '" + f.string() + "' --only l1 --no-session --quiet");
    };
    auto mt4gRun = [&](const fs::path& f) { return test::runCli("report --mt4g-report '" + f.string() + "' --quiet"); };
    auto compareRun = [&](const fs::path& f) { return test::runCli("compare '" + f.string() + "' --quiet"); };

    const fs::path deepProfile = dir / "deep-profile.json";
    test::writeBytes(deepProfile, replaced(h100Profile(), "{", "{\"deep\": " + deep + ","));
    expectBadInput(profileRun(deepProfile), "deep-profile.json", "nested deeper than 64 levels", "deep profile");
    const fs::path deepMt4g = dir / "deep-mt4g.json";
    // Where MT4G's reader dumped the unit id it refused (the SIGSEGV).
    test::writeBytes(deepMt4g, replaced(mt4gReport(), "\"memory\": {", "\"memory\": {\"l3\": {\"sharedBetween\": [[" + deep + "]]},"));
    expectBadInput(mt4gRun(deepMt4g), "deep-mt4g.json", "nested deeper than 64 levels", "deep MT4G report");
    const fs::path deepReport = dir / "deep-report.json";
    json report = smallReport();
    test::writeBytes(deepReport, replaced(report.dump(), "{", "{\"warnings\": " + deep + ","));
    expectBadInput(compareRun(deepReport), "deep-report.json", "nested deeper than 64 levels", "deep report");
    const fs::path deepFleet = dir / "deep-fleet.json";
    test::writeBytes(deepFleet, "{\"format\": \"toposcope-fleet/1\", \"members\": " + deep + "}");
    expectBadInput(compareRun(deepFleet), "deep-fleet.json", "nested deeper than 64 levels", "deep fleet report");

    const fs::path hugeProfile = dir / "huge-profile.json";
    test::writeBytes(hugeProfile, replaced(h100Profile(), "\"sm_count\": 132", "\"sm_count\": 1e400"));
    expectBadInput(profileRun(hugeProfile), "huge-profile.json", "number out of range (beyond a double): '1e400'", "1e400 profile");
    const fs::path hugeMt4g = dir / "huge-mt4g.json";
    test::writeBytes(hugeMt4g, replaced(mt4gReport(), "\"multiProcessorCount\": 104", "\"multiProcessorCount\": 1e400"));
    expectBadInput(mt4gRun(hugeMt4g), "huge-mt4g.json", "1e400", "1e400 MT4G report");
    const fs::path hugeReport = dir / "huge-report.json";
    test::writeBytes(hugeReport, replaced(report.dump(), "262144", "1e400"));
    expectBadInput(compareRun(hugeReport), "huge-report.json", "line 1, column", "1e400 report");
    const fs::path hugeFleet = dir / "huge-fleet.json";
    test::writeBytes(hugeFleet, "{\"format\": \"toposcope-fleet/1\", \"members\": [], \"peerLinks\": [{\"copyGiBps\": -1e400}]}");
    expectBadInput(compareRun(hugeFleet), "huge-fleet.json", "out of range", "1e400 fleet report");
    fs::remove_all(dir);
}

// Item 7: malformed architecture names and device lists, which crashed std::stoi.
TEST(HostileInputCli, ArchitectureAndDeviceListAreCheckedNotStoid) {
    const fs::path dir = hostileScratch("arch");
    for (const std::string arch : {"sm_ab0", "sm_99999999999999999990", "gfx9zz", "sm_"}) {
        const fs::path file = dir / ("arch-" + arch + ".json");
        test::writeBytes(file, replaced(h100Profile(), "\"sm_90\"", "\"" + arch + "\""));
        expectBadInput(test::runCli("--backend sim --profile '" + file.string() + "' --only l1 --no-session --quiet"),
                       file.filename().string(), "arch: \"" + arch + "\" is not an architecture name", arch);
    }
    ::setenv("CUDA_VISIBLE_DEVICES", "99999999999999999999", 1);
    const auto r = test::runCli("--backend cuda --fleet-out '" + (dir / "fleet").string() + "' --only l1 --quiet");
    ::unsetenv("CUDA_VISIBLE_DEVICES");
    expectBadInput(r, "CUDA_VISIBLE_DEVICES", "'99999999999999999999' is not a device index", "CUDA_VISIBLE_DEVICES");
    fs::remove_all(dir);
}

// Item 8: a 1 GiB sparse file given to every loader is refused at once: exit 2 within a small
// peak RSS (it used 2 GB). How fast is measured by bench/hostile_inputs.sh, not here.
TEST(HostileInputCli, SparseFifoAndDeviceInputsAreRefusedInBoundedMemory) {
    const fs::path dir = hostileScratch("sparse");
    const fs::path sparse = dir / "sparse.json";
    test::writeBytes(sparse, "");
    fs::resize_file(sparse, 1ull << 30);
    const fs::path rawDir = dir / "raw";
    fs::create_directories(rawDir);
    test::writeBytes(rawDir / "GPU - L1 Size.txt", "");
    fs::resize_file(rawDir / "GPU - L1 Size.txt", 1ull << 30);
    const fs::path fifo = dir / "fifo.json";
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
    const fs::path log = dir / "out.txt";
    for (const fs::path& input : {sparse, fifo, fs::path("/dev/zero")}) {
        const std::vector<std::vector<std::string>> runs{
            {"--backend", "sim", "--profile", input.string(), "--only", "l1", "--no-session", "--quiet"},
            {"report", "--mt4g-report", input.string(), "--quiet"},
            {"compare", input.string(), "--quiet"},
        };
        for (const auto& args : runs) {
            const MeasuredRun m = runMeasured(args, log);
            EXPECT_EQ(m.exitCode, 2) << input << " " << args[0] << ": " << m.output;
            EXPECT_NE(m.output.find(input.filename().string()), std::string::npos) << m.output;
            EXPECT_LE(m.peakKib, 256 * 1024) << input << " " << args[0];
        }
    }
    const MeasuredRun raw = runMeasured({"analyze", "--mt4g-raw", rawDir.string(), "--quiet"}, log);
    EXPECT_EQ(raw.exitCode, 2) << raw.output;
    EXPECT_NE(raw.output.find("GPU - L1 Size.txt"), std::string::npos) << raw.output;
    EXPECT_LE(raw.peakKib, 256 * 1024);
    fs::remove_all(dir);
}

// Item 10: what a run writes, TopoScope reads: a session's raw series analyse again, with the
// same results. On a fully associative L1: MT4G's raw layout holds no set structure, so the
// built-in H100's hashed L1 (whose size the associativity benchmark counts) cannot round-trip.
TEST(HostileInputCli, SessionRawSeriesRoundTrip) {
    const fs::path dir = hostileScratch("round-trip");
    const std::string session = (dir / "run.tss").string();
    const fs::path profile = dir / "h100-fully-associative-l1.json";
    {
        std::ifstream in(fs::path(TOPOSCOPE_SOURCE_DIR) / "resources/profiles/h100.json");
        nlohmann::json p = nlohmann::json::parse(in);
        p["caches"][0]["ways"] = 0;
        std::ofstream(profile) << p.dump();
    }
    ASSERT_EQ(test::runCli("--backend sim --profile '" + profile.string() + "' --only l1 --session '" + session + "' --json '" +
                           (dir / "run.json").string() + "' --quiet").exitCode, 0);
    const auto written = test::runCli("report --session '" + session + "' --raw '" + (dir / "raw").string() + "' --quiet");
    ASSERT_EQ(written.exitCode, 0) << written.output;
    const auto analysed = test::runCli("analyze --mt4g-raw '" + (dir / "raw").string() + "' --json '" +
                                       (dir / "analysed.json").string() + "' --quiet");
    ASSERT_EQ(analysed.exitCode, 0) << analysed.output;
    const Topology run = readReportFile((dir / "run.json").string());
    const Topology again = readReportFile((dir / "analysed.json").string());
    for (const char* name : {"size", "fetchGranularity", "lineSize"}) {
        const Attribute* a = run.find(Element::L1, name);
        const Attribute* b = again.find(Element::L1, name);
        ASSERT_TRUE(a && b) << name;
        EXPECT_EQ(a->value, b->value) << name;
        EXPECT_GT(b->confidence, 0) << name;
    }
    fs::remove_all(dir);
}

// Item 13: the report reader refuses what no run writes.
TEST(ReportReader, RefusesNegativeValuesWrongUnitsAndEmptyReports) {
    const fs::path dir = hostileScratch("report-reader");
    auto errorFor = [&](const json& j) {
        const fs::path file = dir / "r.json";
        test::writeBytes(file, j.dump());
        return errorOf([&] { readReportFile(file.string()); });
    };
    EXPECT_EQ(errorFor(smallReport()), "(accepted)");
    json negativeSize = smallReport();
    negativeSize["elements"][0]["attributes"][0]["value"] = -262144;
    EXPECT_NE(errorFor(negativeSize).find("elements[0].attributes[0].value: negative size"), std::string::npos)
        << errorFor(negativeSize);
    json negativeLatency = smallReport();
    negativeLatency["elements"][0]["attributes"][1]["value"] = -38;
    EXPECT_NE(errorFor(negativeLatency).find("negative latency"), std::string::npos);
    json wrongUnit = smallReport();
    wrongUnit["elements"][0]["attributes"][0]["unit"] = "KiB";
    EXPECT_NE(errorFor(wrongUnit).find("elements[0].attributes[0].unit: \"KiB\" for size; expected \"bytes\""),
              std::string::npos) << errorFor(wrongUnit);
    json unknownUnit = smallReport();
    unknownUnit["elements"][0]["attributes"][0]["name"] = "somethingNew";
    unknownUnit["elements"][0]["attributes"][0]["unit"] = "furlongs";
    EXPECT_NE(errorFor(unknownUnit).find("unknown unit \"furlongs\""), std::string::npos);
    json negativeWidth = smallReport();
    negativeWidth["device"]["memoryBusWidthBits"] = -5120;
    EXPECT_NE(errorFor(negativeWidth).find("device.memoryBusWidthBits: negative"), std::string::npos);
    EXPECT_NE(errorFor(json{{"format", kReportFormat}}).find("device: missing"), std::string::npos);
    EXPECT_NE(errorFor(json{{"format", kReportFormat}, {"device", json::object()}}).find("elements: missing"),
              std::string::npos);
    // A miss penalty is a difference of latencies: noise can make it negative, and it reads back.
    json negativePenalty = smallReport();
    negativePenalty["elements"][0]["attributes"][1]["name"] = "missPenalty";
    negativePenalty["elements"][0]["attributes"][1]["value"] = -3;
    EXPECT_EQ(errorFor(negativePenalty), "(accepted)");
    // Through the command line too: exit 2 naming the file.
    const fs::path only = dir / "only-format.json";
    test::writeBytes(only, json{{"format", kReportFormat}}.dump());
    expectBadInput(test::runCli("compare '" + only.string() + "' --quiet"), "only-format.json", "device: missing", "only format");
    fs::remove_all(dir);
}

// Item 8: a message quotes at most a few dozen characters of the input (it echoed 50 MB).
TEST(HostileInputCli, MessagesNeverEchoHugeTokens) {
    const fs::path dir = hostileScratch("tokens");
    const std::string huge(5'000'000, 'x');
    std::vector<std::pair<fs::path, std::string>> cases;
    const fs::path profileFormat = dir / "profile-format.json";
    test::writeBytes(profileFormat, replaced(h100Profile(), "\"toposcope-sim-profile/1\"", "\"" + huge + "\""));
    cases.emplace_back(profileFormat, "--backend sim --profile '" + profileFormat.string() + "' --no-session --quiet");
    const fs::path profileKey = dir / "profile-key.json";
    test::writeBytes(profileKey, replaced(h100Profile(), "{", "{\"strict\": true, \"" + huge + "\": 1,"));
    cases.emplace_back(profileKey, "--backend sim --profile '" + profileKey.string() + "' --no-session --quiet");
    const fs::path mt4gVendor = dir / "mt4g-vendor.json";
    test::writeBytes(mt4gVendor, replaced(mt4gReport(), "\"AMD\"", "\"" + huge + "\""));
    cases.emplace_back(mt4gVendor, "report --mt4g-report '" + mt4gVendor.string() + "' --quiet");
    json report = smallReport();
    report["elements"][0]["id"] = huge;
    const fs::path reportElement = dir / "report-element.json";
    test::writeBytes(reportElement, report.dump());
    cases.emplace_back(reportElement, "compare '" + reportElement.string() + "' --quiet");
    const fs::path unterminated = dir / "unterminated.json";
    test::writeBytes(unterminated, "{\"format\": \"" + huge + "\x01");
    cases.emplace_back(unterminated, "compare '" + unterminated.string() + "' --quiet");
    for (const auto& [file, arguments] : cases) {
        const auto r = test::runCli(arguments);
        EXPECT_EQ(r.exitCode, 2) << file;
        EXPECT_NE(r.output.find(file.filename().string()), std::string::npos) << r.output.substr(0, 300);
        EXPECT_LT(r.output.size(), 600u) << file << ": " << r.output.substr(0, 600);
    }
    fs::remove_all(dir);
}

// Item 12 through the command line: MT4G's rows without timings are read, and one damaged file
// beside an MT4G report costs only its own series, named in the report.
TEST(HostileInputCli, Mt4gRowsWithoutSamplesAndOneDamagedFile) {
    const fs::path dir = hostileScratch("mt4g-damaged");
    const auto fixture = test::runCli("analyze --mt4g-raw '" + std::string(TOPOSCOPE_TEST_DATA) +
                                      "/mt4g-rows-without-samples/Sim GPU' --json '" + (dir / "fixture.json").string() + "' --quiet");
    EXPECT_EQ(fixture.exitCode, 0) << fixture.output;
    EXPECT_EQ(fixture.output.find("truncated"), std::string::npos) << fixture.output;

    const std::string gpu = "NVIDIA H100 80GB HBM3";
    const fs::path data = fs::path(TOPOSCOPE_TEST_DATA) / "mt4g";
    fs::copy(data / (gpu + ".json"), dir / (gpu + ".json"));
    fs::copy(data / gpu, dir / gpu);
    const fs::path damaged = dir / gpu / (gpu + " - L1 Size.txt");
    test::writeBytes(damaged, test::bytesOf(damaged) + "1024,38,abc\n");
    const fs::path out = dir / "out.json";
    const auto r = test::runCli("report --mt4g-report '" + (dir / (gpu + ".json")).string() + "' --json '" + out.string() + "' --quiet");
    EXPECT_EQ(r.exitCode, 0) << r.output;
    EXPECT_NE(r.output.find(gpu + " - L1 Size.txt"), std::string::npos) << r.output;
    const Topology t = readReportFile(out.string());
    bool named = false;
    for (const auto& w : t.warnings) named = named || (w.find("L1 Size.txt") != std::string::npos && w.find("'abc'") != std::string::npos);
    EXPECT_TRUE(named) << "the report's warnings do not name the damaged file";
    bool l2Line = false, l1Size = false;
    for (const auto& s : t.series) {
        l2Line = l2Line || (s.element == Element::L2 && s.kind == SeriesKind::LineSize && !s.rows.empty());
        l1Size = l1Size || (s.element == Element::L1 && s.kind == SeriesKind::Size);
    }
    EXPECT_TRUE(l2Line) << "the other series were not read";
    EXPECT_FALSE(l1Size) << "the damaged series was kept";
    fs::remove_all(dir);
}

// Item 12: a raw folder beside an MT4G report without one readable series costs the evidence,
// not the report's own results.
TEST(HostileInputCli, Mt4gReportWithAnUnreadableRawFolderKeepsItsResults) {
    const fs::path dir = hostileScratch("mt4g-unreadable");
    const std::string gpu = "Tesla V100-PCIE-16GB";
    fs::copy(fs::path(TOPOSCOPE_TEST_DATA) / "mt4g" / (gpu + ".json"), dir / (gpu + ".json"));
    fs::create_directories(dir / gpu);
    test::writeBytes(dir / gpu / (gpu + " - L1 Size.txt"), "1024,abc\n");
    const fs::path out = dir / "out.json";
    const auto r = test::runCli("report --mt4g-report '" + (dir / (gpu + ".json")).string() + "' --json '" + out.string() + "' --quiet");
    EXPECT_EQ(r.exitCode, 0) << r.output;
    EXPECT_NE(r.output.find("'abc' is not a number"), std::string::npos) << r.output;
    const Topology t = readReportFile(out.string());
    EXPECT_NE(t.find(Element::L1, "size"), nullptr) << "the report's own L1 size was lost";
    EXPECT_TRUE(t.series.empty());
    fs::remove_all(dir);
}

// nlohmann's lexer ends the text at a NUL byte: a report followed by a NUL and garbage was read
// as the report (issue 40). Every JSON loader goes through one reader, which refuses the byte.
TEST(HostileInput, ANulByteInJsonIsRefusedNamingWhere) {
    try {
        ts::parseJsonText(std::string("{\"a\": 1}\0garbage", 16), "crafted.json");
        ADD_FAILURE() << "accepted the text after a NUL byte";
    } catch (const ts::InputError& e) {
        EXPECT_NE(std::string(e.what()).find("NUL byte"), std::string::npos) << e.what();
        EXPECT_NE(std::string(e.what()).find("crafted.json: line 1, column 9"), std::string::npos) << e.what();
    }
}

// A device name of megabytes (the GUI's text layout spun on one for minutes) is refused by the
// one report reader, naming the field (issue 40).
TEST(HostileInput, AMegabyteDeviceNameIsRefusedNamingTheField) {
    nlohmann::json report = ts::reportToJson(ts::Topology{});
    report["device"]["name"] = std::string(5 << 20, 'N');
    try {
        ts::reportFromJson(report, "crafted.json");
        ADD_FAILURE() << "a 5 MB device name was read";
    } catch (const ts::InputError& e) {
        EXPECT_NE(std::string(e.what()).find("device.name"), std::string::npos) << std::string(e.what()).substr(0, 300);
    }
}
