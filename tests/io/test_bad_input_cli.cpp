// Bad input never crashes the CLI: empty, truncated, binary, wrong-typed and absurd-valued
// profiles, sessions and raw files get a message naming the file, and exit code 2.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "cli_runner.hpp"
#include "io/session_log.hpp"
#include "scratch_files.hpp"

using namespace ts;
namespace fs = std::filesystem;

namespace {

fs::path badInputScratch() {
    const fs::path dir = ts::test::uniqueTempPath("toposcope-bad-input");
    fs::create_directories(dir);
    return dir;
}

std::string textOf(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

std::string replacedOnce(std::string text, const std::string& from, const std::string& to) {
    const auto at = text.find(from);
    EXPECT_NE(at, std::string::npos) << from;
    return text.replace(at, from.size(), to);
}

constexpr char kBinaryBytes[] = "\x7f" "ELF\x02\x01\x01\x00\x00\x00\xff\xfe\x00\x13";
const std::string kBinary(kBinaryBytes, sizeof kBinaryBytes - 1);

void expectCliRejects(const std::string& arguments, const fs::path& file, const std::string& what) {
    const auto r = test::runCli(arguments);
    EXPECT_EQ(r.exitCode, 2) << what << ": " << r.output;
    EXPECT_NE(r.output.find(file.filename().string()), std::string::npos) << what << ": the message names no file: " << r.output;
    EXPECT_EQ(r.output.find("terminate"), std::string::npos) << what;
}

}  // namespace

TEST(BadInputCli, Profiles) {
    const std::string good = textOf(fs::path(TOPOSCOPE_SOURCE_DIR) / "resources/profiles/h100.json");
    const std::vector<std::pair<std::string, std::string>> cases{
        {"empty", ""},
        {"truncated", good.substr(0, good.size() / 2)},
        {"binary", kBinary},
        {"wrong-typed", replacedOnce(good, "\"sm_count\": 132", "\"sm_count\": \"many\"")},
        {"absurd-size", replacedOnce(good, "\"size\": 246784", "\"size\": 1e30")},
        {"absurd-count", replacedOnce(good, "\"sm_count\": 132", "\"sm_count\": -5")},
    };
    for (const auto& [name, text] : cases) {
        const fs::path file = badInputScratch() / ("profile-" + name + ".json");
        ts::test::writeBytes(file, text);
        expectCliRejects("--backend sim --profile '" + file.string() + "' --only l1 --no-session --quiet", file, name);
    }
}

TEST(BadInputCli, Sessions) {
    const std::string magic(kSessionMagic, kSessionMagicSize);
    const std::vector<std::pair<std::string, std::string>> cases{
        {"empty", ""},
        {"truncated-header", magic.substr(0, 5)},
        {"binary", kBinary},
        {"no-device", magic + frameSessionRecord(R"({"type":"session","format":"toposcope-session/1"})")},
        {"wrong-typed", magic + frameSessionRecord(R"({"type":"device","device":{"unitCount":"many"}})")},
        {"absurd", magic + frameSessionRecord(R"({"type":"device","device":{"unitCount":1e12}})")},
        {"absurd-length", magic + std::string("\xff\xff\xff\xff\0\0\0\0", 8)},
    };
    for (const auto& [name, bytes] : cases) {
        const fs::path file = badInputScratch() / ("session-" + name + ".tss");
        ts::test::writeBytes(file, bytes);
        expectCliRejects("report --session '" + file.string() + "' --quiet", file, name);
    }
}

TEST(BadInputCli, RawFiles) {
    const std::string good = "1024,38,38,38\n2048,38,38,38\n";
    const std::vector<std::pair<std::string, std::string>> cases{
        {"empty", ""},
        {"truncated", "1024,38,38,38\n2048,"},
        {"binary", kBinary},
        {"wrong-typed", "1024,thirty-eight,38\n"},
        {"absurd", "1e30,38,38\n"},
    };
    for (const auto& [name, text] : cases) {
        const fs::path dir = badInputScratch() / ("raw-" + name);
        fs::remove_all(dir);
        fs::create_directories(dir);
        const fs::path file = dir / "Test GPU - L1 Size.txt";
        ts::test::writeBytes(file, text);
        // Beside a good series, the damaged one is named and the good one analysed (issue 16, item 12).
        ts::test::writeBytes(dir / "Test GPU - L1 Latency.txt", "38\n38\n");
        const fs::path report = dir / "report.json";
        const auto r = test::runCli("analyze --mt4g-raw '" + dir.string() + "' --json '" + report.string() + "' --quiet");
        EXPECT_EQ(r.exitCode, 0) << name << ": " << r.output;
        EXPECT_NE(r.output.find(file.filename().string()), std::string::npos) << name << ": " << r.output;
        const std::string written = textOf(report);
        EXPECT_NE(written.find("damaged raw series, not analysed"), std::string::npos) << name;
        EXPECT_NE(written.find("\"latency\""), std::string::npos) << name << ": the good series was not analysed";
        // Alone, it is bad input.
        fs::remove(dir / "Test GPU - L1 Latency.txt");
        expectCliRejects("analyze --mt4g-raw '" + dir.string() + "' --quiet", file, name);
    }
}

TEST(BadInputCli, Mt4gReports) {
    const std::string good = textOf(fs::path(TOPOSCOPE_TEST_DATA) / "mt4g/AMD Instinct MI210.json");
    const std::vector<std::pair<std::string, std::string>> cases{
        {"empty", ""},
        {"truncated", good.substr(0, good.size() / 2)},
        {"binary", kBinary},
        {"wrong-typed", replacedOnce(good, "\"multiProcessorCount\": 104", "\"multiProcessorCount\": \"many\"")},
        {"absurd", replacedOnce(good, "\"multiProcessorCount\": 104", "\"multiProcessorCount\": 1e12")},
        {"not-mt4g", "{\"format\": \"toposcope-report/1\"}"},
    };
    for (const auto& [name, text] : cases) {
        const fs::path file = badInputScratch() / ("mt4g-" + name + ".json");
        ts::test::writeBytes(file, text);
        expectCliRejects("report --mt4g-report '" + file.string() + "' --quiet", file, name);
    }
}

TEST(Mt4gImportCli, Mi210ReportBecomesOurReport) {
    const fs::path out = badInputScratch() / "mi210-imported.json";
    const auto r = test::runCli("report --mt4g-report '" TOPOSCOPE_TEST_DATA "/mt4g/AMD Instinct MI210.json' --json '" +
                                out.string() + "' --quiet");
    EXPECT_EQ(r.exitCode, 0) << r.output;
    EXPECT_NE(textOf(out).find("sharedBetween"), std::string::npos);
    EXPECT_EQ(test::runCli("report --quiet").exitCode, 2);
}
