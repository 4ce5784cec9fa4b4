#pragma once
#include <QElapsedTimer>
#include <QString>

#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "program_support/recording_replay.hpp"
#include "events/observer.hpp"
#include "qt_observer.hpp"

namespace ts::gui {

class RunSignals;

// What every way of showing a recording sends: a whole series as plain opening shows it (a
// cut-off benchmark's series titled "(cut off)"; size sweeps with their reduction and change
// point computed again, as the files keep neither), and the end: the MIG shares, the warnings
// from `firstWarning` on, the cut-off benchmarks.
void sendWholeSeries(RunSignals& worker, QtObserver& observer, const Series& series, bool cutOff);
void sendRecordingEnd(RunSignals& worker, QtObserver& observer, const Topology& topology,
                      const std::vector<std::string>& cutOffNames, std::size_t firstWarning);

// Plays a recording as if it were running, on the worker's thread: each step of its
// ReplayScript at `at / speed` seconds after the start, through the same signals a live run
// sends (rows chunk by chunk, reductions, results, progress). Cancelling stops the waiting: what
// is left is sent at once (each series whole, the results; no progress), so the recording ends
// shown whole either way.
class PacedReplay {
public:
    PacedReplay(RunSignals& worker, const app::Recording& recording, double speed, const CancelToken& cancel);

    // False when it was cancelled before the end.
    bool play(const app::ReplayScript& script);

private:
    bool waitUntil(double seconds);  // false when cancelled
    void send(const app::ReplayStep& step, double scriptSeconds);
    void sendRows(const app::ReplayStep& step);
    void sendUnsent();

    RunSignals& worker_;
    const app::Recording& recording_;
    double speed_;
    const CancelToken& cancel_;
    QtObserver observer_;
    QElapsedTimer clock_;
    std::map<std::size_t, Series> live_;  // each series' rows so far, by index in the topology
    std::set<std::size_t> whole_;         // series sent whole (their last rows came)
    std::set<std::pair<Element, std::string>> sentResults_;
    std::size_t warningsSent_ = 0;
};

}  // namespace ts::gui
