#pragma once
// A recording as a script to play back as if it were running: the rows chunk by chunk, the
// results, warnings and progress in the recorded order, each with the moment it came (the
// session's time stamps, or a fixed pace per row where the recording has none). The GUI's
// worker sends the steps through the events a live run uses (docs/gui.md, "Replay").
#include <cstddef>
#include <string>
#include <vector>

#include "program_support/recording_loader.hpp"
#include "events/observer.hpp"

namespace ts::app {

// The pace of a recording without time stamps (a report, MT4G files, an old session): one row
// every 25 ms, so the H100 report in docs/results (700 rows) plays in about 18 s.
inline constexpr double kUntimedRowSeconds = 0.025;
// How long the default pace makes a short recording last: a 3.5 s H100 run plays at 1/6 of its pace.
inline constexpr double kWatchableReplaySeconds = 20.0;

struct ReplayStep {
    enum class Kind { Rows, Result, Warning, Progress };
    Kind kind = Kind::Rows;
    double at = 0;             // seconds after the start, at the recorded pace
    std::size_t series = 0;    // Rows: index of the whole series in the recording's topology
    std::size_t first = 0;     // Rows: index of the first new row; 0 replaces the rows so far
    Series rows;               // Rows: the new rows (with the series' id, title, kind, element)
    bool lastOfSeries = false; // Rows: no more rows of this series follow
    ResultEvent result;        // Result
    std::string warning;       // Warning
    ProgressEvent progress;    // Progress: benchmark, step, done, total
};

struct ReplayScript {
    std::vector<ReplayStep> steps;  // in the order to send them; `at` never decreases
    bool timed = false;             // the times are the recording's own
    double seconds = 0;             // the whole script at the recorded pace
};

// A sweep whose change point the replay computes and shows (as the live run did): the size and
// segment-size series.
bool isChangePointSweep(SeriesKind kind);

// How long a sweep's last rows, which bring its change point, stay on screen at the default pace
// before the next benchmark's progress or another series' rows may follow (issue 37, item 12: a
// plot that follows the run moved on after 1-2 s, before anyone saw the decision).
inline constexpr double kChangePointHoldSeconds = 2.0;

// Delays the steps that follow each sweep's last rows (the rest keeps its spacing) so that, played
// at `speed`, no progress and no other series' rows come within kChangePointHoldSeconds of them.
void holdChangePoints(ReplayScript& script, double speed);

// The script of `recording` (a session needs loadRecordingForReplay's timeline for its order and
// times; without one, or for any other kind, the order is series by series, one row a step).
ReplayScript replayScript(const Recording& recording);

// The default speed (1: the recorded pace, 0.25: four times slower): slow enough that a timed
// script lasts at least kWatchableReplaySeconds, as 1/N; never faster than recorded.
double defaultReplaySpeed(const ReplayScript& script);

}  // namespace ts::app
