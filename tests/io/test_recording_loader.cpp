// The shared loader (app/program_support/recording_loader): every kind of recording is recognised from its
// content and read by its reader; anything else is an InputError naming the file and the problem.
#include <gtest/gtest.h>

#include <filesystem>

#include <nlohmann/json.hpp>

#include "program_support/recording_loader.hpp"
#include "io/input_error.hpp"
#include "io/report_json.hpp"
#include "io/session_log.hpp"
#include "recorded_run.hpp"
#include "scratch_files.hpp"

using namespace ts;
using app::RecordingKind;
namespace fs = std::filesystem;
using test::bytesOf;
using test::writeBytes;

namespace {

const fs::path kMt4g = fs::path(TOPOSCOPE_TEST_DATA) / "mt4g";

fs::path loaderScratch(const std::string& name) {
    const fs::path dir = ts::test::uniqueTempPath("toposcope-loader-test");
    fs::create_directories(dir);
    return dir / name;
}

// The byte offset just after the first "begin" record whose benchmark is not the first one,
// plus half of the record after it: a file killed inside that benchmark.
std::pair<std::size_t, std::string> cutInsideSecondBenchmark(const std::string& bytes) {
    const SessionLog log = parseSessionLog(bytes, "whole");
    std::size_t at = kSessionMagicSize;
    int begins = 0;
    for (std::size_t i = 0; i < log.records.size(); ++i) {
        at += 8 + log.records[i].size();
        const auto record = nlohmann::json::parse(log.records[i]);
        if (record["type"] == "begin" && ++begins == 2 && i + 1 < log.records.size())
            return {at + 8 + log.records[i + 1].size() / 2, record["benchmark"].get<std::string>()};
    }
    return {0, ""};
}

void expectInputErrorNaming(const fs::path& path, const std::string& problem) {
    try {
        app::loadRecording(path.string());
        FAIL() << path << ": no error";
    } catch (const InputError& e) {
        const std::string what = e.what();
        EXPECT_EQ(what.rfind(path.string(), 0), 0u) << what;
        EXPECT_NE(what.find(problem), std::string::npos) << what;
    }
}

}  // namespace

TEST(RecordingLoader, ReadsAReportWeWrote) {
    const fs::path session = loaderScratch("for-report.tss");
    const Topology live = test::recordRun(session, {"l1", "memory"});
    const fs::path report = loaderScratch("report.json");
    writeReportFile(live, report.string());
    EXPECT_EQ(app::detectRecordingKind(report.string()), RecordingKind::Report);
    const app::Recording r = app::loadRecording(report.string());
    EXPECT_EQ(r.kind, RecordingKind::Report);
    EXPECT_EQ(reportToJson(r.topology), reportToJson(live));
}

TEST(RecordingLoader, ReadsASessionAndNamesTheCutOffBenchmark) {
    const fs::path file = loaderScratch("whole.tss");
    const Topology live = test::recordRun(file, {"l1", "memory"});
    const app::Recording whole = app::loadRecording(file.string());
    EXPECT_EQ(whole.kind, RecordingKind::Session);
    EXPECT_EQ(whole.outcome, "finished");
    EXPECT_TRUE(whole.cutOff.empty());
    EXPECT_EQ(reportToJson(whole.topology, false)["elements"], reportToJson(live, false)["elements"]);

    const std::string bytes = bytesOf(file);
    const auto [cut, benchmark] = cutInsideSecondBenchmark(bytes);
    ASSERT_GT(cut, 0u);
    const fs::path torn = loaderScratch("torn.tss");
    writeBytes(torn, bytes.substr(0, cut));
    EXPECT_EQ(app::detectRecordingKind(torn.string()), RecordingKind::Session);
    const app::Recording r = app::loadRecording(torn.string());
    EXPECT_EQ(r.cutOff, std::vector<std::string>{benchmark});
    EXPECT_EQ(r.outcome, "");
    EXPECT_NE(r.damage, "");  // the torn last record
}

TEST(RecordingLoader, ReadsMt4gJsonWithItsRawFolderAsEvidence) {
    const fs::path json = kMt4g / "AMD Instinct MI210.json";
    EXPECT_EQ(app::detectRecordingKind(json.string()), RecordingKind::Mt4gJson);
    const app::Recording r = app::loadRecording(json.string());
    EXPECT_EQ(r.kind, RecordingKind::Mt4gJson);
    EXPECT_FALSE(r.topology.series.empty());
    bool linked = false;
    for (const auto& [element, report] : r.topology.elements)
        for (const auto& a : report.attributes) linked |= !a.evidence.empty() && r.topology.findSeries(a.evidence);
    EXPECT_TRUE(linked);
}

TEST(RecordingLoader, AnalysesAnMt4gRawFolder) {
    const fs::path dir = kMt4g / "NVIDIA H100 80GB HBM3";
    EXPECT_EQ(app::detectRecordingKind(dir.string()), RecordingKind::Mt4gRaw);
    const app::Recording r = app::loadRecording(dir.string());
    EXPECT_EQ(r.kind, RecordingKind::Mt4gRaw);
    EXPECT_EQ(r.topology.device.backend, "mt4g-raw");
    EXPECT_FALSE(r.topology.series.empty());
    EXPECT_FALSE(r.topology.elements.empty());
}

TEST(RecordingLoader, BadInputNamesTheFileAndTheProblem) {
    expectInputErrorNaming(loaderScratch("does-not-exist.json"), "no such file or folder");
    const fs::path empty = loaderScratch("empty.json");
    writeBytes(empty, "");
    expectInputErrorNaming(empty, "empty");
    const fs::path binary = loaderScratch("binary.bin");
    writeBytes(binary, std::string("\x7f" "ELF\x02\x01\x01\x00\x00\xff\xfe", 12));
    expectInputErrorNaming(binary, "not a recording");
    const fs::path truncated = loaderScratch("truncated.json");
    writeBytes(truncated, "{\"format\": \"toposcope-report/1\", \"device\": {\"name\": \"x");
    expectInputErrorNaming(truncated, "not valid JSON");
    const fs::path array = loaderScratch("array.json");
    writeBytes(array, "[1, 2, 3]");
    expectInputErrorNaming(array, "object");
    const fs::path neither = loaderScratch("neither.json");
    writeBytes(neither, "{\"hello\": 1}");
    expectInputErrorNaming(neither, "neither");
    const fs::path wrongType = loaderScratch("wrong-type.json");
    writeBytes(wrongType, "{\"format\": \"toposcope-report/1\", \"device\": \"a string\"}");
    expectInputErrorNaming(wrongType, "device");
    const fs::path tornHeader = loaderScratch("torn-header.tss");
    writeBytes(tornHeader, "TSSES");
    EXPECT_EQ(app::detectRecordingKind(tornHeader.string()), RecordingKind::Session);
    expectInputErrorNaming(tornHeader, "");
    const fs::path emptyDir = loaderScratch("empty-folder");
    fs::create_directories(emptyDir);
    expectInputErrorNaming(emptyDir, "no MT4G raw series");
}
