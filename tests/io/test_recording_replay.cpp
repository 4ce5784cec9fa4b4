// The script a replay plays (app/program_support/recording_replay): a session in its recorded order and
// at its recorded times, a report series by series at one row every 25 ms; the default pace.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <map>

#include "program_support/recording_replay.hpp"
#include "io/report_json.hpp"
#include "recorded_run.hpp"
#include "scratch_files.hpp"

using namespace ts;
using app::ReplayStep;
namespace fs = std::filesystem;

namespace {

fs::path replayScratch(const std::string& name) {
    const fs::path dir = ts::test::uniqueTempPath("toposcope-replay-test");
    fs::create_directories(dir);
    return dir / name;
}

// Applies the script's rows as the GUI's store does: the series each ends with.
std::map<std::string, Series> rowsOf(const app::ReplayScript& script) {
    std::map<std::string, Series> out;
    for (const ReplayStep& s : script.steps) {
        if (s.kind != ReplayStep::Kind::Rows) continue;
        Series& series = out[s.rows.id];
        if (s.first == 0) series.rows.clear();
        EXPECT_EQ(series.rows.size(), s.first) << s.rows.id;
        series.rows.insert(series.rows.end(), s.rows.rows.begin(), s.rows.rows.end());
    }
    return out;
}

void expectSameRows(const app::ReplayScript& script, const Topology& topology) {
    const auto rows = rowsOf(script);
    for (const Series& s : topology.series) {
        if (s.rows.empty()) continue;
        ASSERT_TRUE(rows.count(s.id)) << s.id;
        ASSERT_EQ(rows.at(s.id).rows.size(), s.rows.size()) << s.id;
        for (std::size_t i = 0; i < s.rows.size(); ++i) EXPECT_EQ(rows.at(s.id).rows[i].latencies, s.rows[i].latencies);
    }
    // Every series' last rows step is marked, and only that one.
    std::map<std::size_t, int> last;
    for (const ReplayStep& s : script.steps)
        if (s.kind == ReplayStep::Kind::Rows && s.lastOfSeries) ++last[s.series];
    for (const auto& [series, count] : last) EXPECT_EQ(count, 1) << topology.series[series].id;
}

}  // namespace

TEST(RecordingReplay, SessionPlaysInItsRecordedOrderAndTime) {
    const fs::path file = replayScratch("run.tss");
    test::recordRun(file, {"l1", "memory"});
    const app::Recording r = app::loadRecordingForReplay(file.string());
    ASSERT_FALSE(r.timeline.empty());
    const app::ReplayScript script = app::replayScript(r);
    EXPECT_TRUE(script.timed);
    EXPECT_GT(script.seconds, 0.0);
    double at = 0;
    std::size_t progress = 0, chunks = 0;
    for (const ReplayStep& s : script.steps) {
        EXPECT_GE(s.at, at);
        at = s.at;
        progress += s.kind == ReplayStep::Kind::Progress;
        chunks += s.kind == ReplayStep::Kind::Rows;
    }
    EXPECT_DOUBLE_EQ(at, script.seconds);
    EXPECT_GT(progress, 2u);
    EXPECT_GT(chunks, r.topology.series.size());  // more chunks than series: rows come over time
    expectSameRows(script, r.topology);
    EXPECT_LT(app::defaultReplaySpeed(script), 1.0);  // a short run is slowed down to be watched
    EXPECT_GE(script.seconds / app::defaultReplaySpeed(script), app::kWatchableReplaySeconds);
}

TEST(RecordingReplay, ReportPlaysSeriesBySeriesOneRowAStep) {
    const fs::path run = replayScratch("run2.tss");
    const Topology live = test::recordRun(run, {"l1"});
    const fs::path report = replayScratch("report.json");
    writeReportFile(live, report.string());
    const app::Recording r = app::loadRecordingForReplay(report.string());
    EXPECT_TRUE(r.timeline.empty());
    const app::ReplayScript script = app::replayScript(r);
    EXPECT_FALSE(script.timed);
    std::size_t rows = 0;
    for (const Series& s : r.topology.series) rows += s.rows.size();
    EXPECT_NEAR(script.seconds, rows * app::kUntimedRowSeconds, 1e-9);
    EXPECT_EQ(app::defaultReplaySpeed(script), 1.0);
    expectSameRows(script, r.topology);
    // Each measured result comes right after the last row of its evidence, once.
    std::map<std::string, std::size_t> lastRow;
    std::size_t results = 0;
    for (std::size_t i = 0; i < script.steps.size(); ++i) {
        const ReplayStep& s = script.steps[i];
        if (s.kind == ReplayStep::Kind::Rows) lastRow[s.rows.id] = i;
        if (s.kind != ReplayStep::Kind::Result) continue;
        ++results;
        EXPECT_NE(s.result.attribute.source, Source::Api);
        if (!s.result.attribute.evidence.empty() && r.topology.findSeries(s.result.attribute.evidence))
            EXPECT_TRUE(lastRow.count(s.result.attribute.evidence)) << s.result.attribute.name;
    }
    std::size_t measured = 0;
    for (const auto& [element, report] : r.topology.elements)
        measured += std::count_if(report.attributes.begin(), report.attributes.end(),
                                  [](const Attribute& a) { return a.source != Source::Api; });
    EXPECT_EQ(results, measured);
}

namespace {

ReplayStep rowsStep(double at, std::size_t series, SeriesKind kind, bool last) {
    ReplayStep s;
    s.kind = ReplayStep::Kind::Rows;
    s.at = at;
    s.series = series;
    s.rows.kind = kind;
    s.lastOfSeries = last;
    return s;
}

ReplayStep progressAt(double at) {
    ReplayStep s;
    s.kind = ReplayStep::Kind::Progress;
    s.at = at;
    return s;
}

}  // namespace

// Issue 37, item 12: a size sweep's last rows (its change point) stay on screen for
// kChangePointHoldSeconds at the pace given before the next benchmark's progress or another
// series' rows; its results come at once, and everything after keeps its spacing.
TEST(RecordingReplay, ChangePointsAreHeldBeforeTheNextBenchmark) {
    app::ReplayScript script;
    script.steps = {rowsStep(0.0, 0, SeriesKind::Size, false), rowsStep(0.1, 0, SeriesKind::Size, true)};
    ReplayStep result;
    result.kind = ReplayStep::Kind::Result;
    result.at = 0.1;
    script.steps.push_back(result);
    script.steps.push_back(progressAt(0.15));
    script.steps.push_back(rowsStep(0.2, 1, SeriesKind::LineSize, true));  // no change point of its own
    script.steps.push_back(progressAt(0.3));
    script.steps.push_back(rowsStep(5.0, 2, SeriesKind::Size, true));
    script.steps.push_back(progressAt(9.0));  // already more than a hold later
    script.seconds = 9.0;
    const double speed = 0.25;  // 2 s on screen are 0.5 s of the script
    app::holdChangePoints(script, speed);
    const std::vector<double> expected = {0.0, 0.1, 0.1, 0.6, 0.65, 0.75, 5.45, 9.45};
    ASSERT_EQ(script.steps.size(), expected.size());
    for (std::size_t i = 0; i < expected.size(); ++i) EXPECT_NEAR(script.steps[i].at, expected[i], 1e-9) << i;
    EXPECT_NEAR(script.seconds, 9.45, 1e-9);
    EXPECT_GE((script.steps[3].at - script.steps[1].at) / speed, app::kChangePointHoldSeconds - 1e-9);
}
