// A first-level size sweep keeps rows past its knee for the plot (the level after it), labelled
// shown-only: they never enter the analysis, live or when a recording is replayed.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>

#include "analysis/analysis.hpp"
#include "benchmarks/discovery.hpp"
#include "io/report_json.hpp"
#include "io/session_read.hpp"
#include "io/session_recorder.hpp"
#include "sim/builtin_profiles.hpp"
#include "sim/sim_backend.hpp"
#include "scratch_files.hpp"

namespace ts {
namespace {

// The last change point each series announced during the run (what a live plot draws).
class LastChangePoints : public Observer {
public:
    void onChangePoint(const ChangePointEvent& e) override { last[e.seriesId] = e; }
    std::map<std::string, ChangePointEvent> last;
};

struct RecordedRun {
    Topology live;
    LastChangePoints events;
    Session replayed;
};

RecordedRun recordL1Run(const std::string& name) {
    RecordedRun run;
    const auto file = test::scratchDir("size-rows-past-knee", name) / "run.tsession";
    SimBackend backend(loadProfile("h100"));
    CancelToken cancel;
    SessionRecorder recorder(file.string(), run.events, &run.live);
    DiscoveryOptions options;
    options.groups = {"l1"};
    runDiscovery(backend, options, recorder, cancel, run.live);
    recorder.close("finished");
    run.replayed = readSession(file.string());
    return run;
}

TEST(SizeRowsPastKnee, TheL1PlotShowsAQuarterOfItsRangePastTheKnee) {
    const RecordedRun run = recordL1Run("quarter");
    const Series* series = run.live.findSeries("l1.size");
    ASSERT_NE(series, nullptr);
    const Attribute* size = run.live.find(Element::L1, "size");
    ASSERT_TRUE(size && size->isDecidedFigure());
    const auto analysed = analysedRows(*series);
    ASSERT_LT(analysed.rows.size(), series->rows.size()) << "no row past the knee kept";
    double lastAnalysed = 0;
    for (const auto& row : analysed.rows) lastAnalysed = std::max(lastAnalysed, row.x);
    for (const auto& row : series->rows)
        if (isShownOnly(row)) EXPECT_GT(row.x, lastAnalysed) << "a shown-only row inside the analysed range";
    // Sizes are drawn on a logarithmic axis: the share of it past the decided size.
    const double first = series->rows.front().x, last = series->rows.back().x;
    const double pastKnee = std::log(last / size->value) / std::log(last / first);
    EXPECT_GE(pastKnee, 0.2) << "rows " << first << " .. " << last << " B, knee " << size->value << " B";
}

TEST(SizeRowsPastKnee, AReplayFindsTheLiveChangePointsAgain) {
    const RecordedRun run = recordL1Run("replay");
    int sizeSeries = 0;
    for (const auto& series : run.replayed.topology.series) {
        if (series.kind != SeriesKind::Size) continue;
        const auto live = run.events.last.find(series.id);
        ASSERT_NE(live, run.events.last.end()) << series.id << ": no live change point";
        // What RunWorker::replay computes from the recorded rows.
        const ChangePoint again = findChangePoint(analysedRows(series));
        ASSERT_TRUE(again.found) << series.id;
        EXPECT_EQ(again.index, live->second.index) << series.id;
        EXPECT_EQ(again.x, live->second.x) << series.id;
        EXPECT_EQ(again.confidence, live->second.confidence) << series.id;
        ++sizeSeries;
    }
    EXPECT_GE(sizeSeries, 1);
}

TEST(SizeRowsPastKnee, TheLabelSurvivesAReport) {
    const RecordedRun run = recordL1Run("report");
    const Topology back = reportFromJson(reportToJson(run.live, true), "memory");
    const Series* series = back.findSeries("l1.size");
    ASSERT_NE(series, nullptr);
    EXPECT_TRUE(std::any_of(series->rows.begin(), series->rows.end(), isShownOnly));
}

// The simulator's noise of the chases that decide does not depend on chases for a plot.
TEST(SizeRowsPastKnee, ShownOnlyChasesMoveNoSimulatedDecision) {
    ChaseRequest deciding;
    deciding.arrayBytes = 64 << 10;
    deciding.strideBytes = 32;
    ChaseRequest shown = deciding;
    shown.arrayBytes = 1 << 20;
    shown.shownOnly = true;
    SimBackend plain(loadProfile("h100")), withShown(loadProfile("h100"));
    const auto expected = plain.chase(deciding).latencies;
    withShown.chase(shown);
    EXPECT_EQ(withShown.chase(deciding).latencies, expected);
}

}  // namespace
}  // namespace ts
