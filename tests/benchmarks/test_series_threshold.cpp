// The engine attaches to each evidence series the miss threshold its decision rule used
// (analysis/series_threshold), so what shows the series draws the engine's line; a recording
// opened from a file gets the same thresholds from the loader (they are not in the file).
#include <gtest/gtest.h>

#include <filesystem>
#include <map>

#include "analysis/series_threshold.hpp"
#include "program_support/recording_loader.hpp"
#include "io/report_json.hpp"
#include "recorded_run.hpp"
#include "scratch_files.hpp"

using namespace ts;
namespace fs = std::filesystem;

namespace {

fs::path thresholdScratch(const std::string& name) {
    const fs::path dir = ts::test::uniqueTempPath("toposcope-threshold-test");
    fs::create_directories(dir);
    return dir / name;
}

std::map<std::string, std::pair<double, ThresholdRule>> thresholdsOf(const Topology& t) {
    std::map<std::string, std::pair<double, ThresholdRule>> out;
    for (const auto& s : t.series) out[s.id] = {s.missThreshold, s.thresholdRule};
    return out;
}

}  // namespace

TEST(SeriesThreshold, ARunAttachesTheRuleOfEachKind) {
    const Topology live = test::recordRun(thresholdScratch("live.tss"), {"l1"});
    bool fetch = false, lines = false;
    for (const auto& s : live.series) {
        if (s.kind == SeriesKind::FetchGranularity) {
            fetch = true;
            EXPECT_EQ(s.thresholdRule, ThresholdRule::FastestLoadSplit) << s.id;
            EXPECT_GT(s.missThreshold, 0) << s.id;
        } else if (s.kind == SeriesKind::LineSize) {
            lines = true;
            EXPECT_EQ(s.thresholdRule, ThresholdRule::EveryLoadSplit) << s.id;
            EXPECT_GT(s.missThreshold, 0) << s.id;
        } else if (s.kind == SeriesKind::Size) {
            EXPECT_EQ(s.thresholdRule, ThresholdRule::None) << s.id;
            EXPECT_EQ(s.missThreshold, -1) << s.id;
        }
        // What the run attached is the rule over every row it measured.
        Series again = s;
        updateMissThreshold(again);
        EXPECT_EQ(again.missThreshold, s.missThreshold) << s.id;
        EXPECT_EQ(again.thresholdRule, s.thresholdRule) << s.id;
    }
    EXPECT_TRUE(fetch);
    EXPECT_TRUE(lines);
}

TEST(SeriesThreshold, RecordingsOpenWithTheThresholdsOfTheRun) {
    const fs::path session = thresholdScratch("run.tss");
    const Topology live = test::recordRun(session, {"l1", "memory"});
    const fs::path report = thresholdScratch("run.json");
    writeReportFile(live, report.string());
    EXPECT_EQ(reportToJson(readReportFile(report.string())), reportToJson(live));  // nothing new in the file
    EXPECT_EQ(thresholdsOf(app::loadRecording(report.string()).topology), thresholdsOf(live));
    EXPECT_EQ(thresholdsOf(app::loadRecording(session.string()).topology), thresholdsOf(live));
}
