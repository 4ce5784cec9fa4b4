#pragma once
#include <QObject>
#include <QString>

#include "model/topology.hpp"
#include "run_worker.hpp"

class QTimer;

namespace ts::gui {

class ResultsModel;
class RunController;
class RunPanel;
class RunStatus;
class SeriesStore;

// The run page: the life of one run or opened recording, from the choice on the RunPanel to
// the end. It clears what the last one left (results, evidence), starts, cancels, keeps what
// the worker reports (the device, the results: the ResultsModel and SeriesStore the tabs show)
// and words the end on the status bar. The window wires its signals to the tabs and decides
// what follows a run (dialogs, the sheet, quitting).
// "at 1/6 of the recorded pace", "at the recorded pace", "at 2× the recorded pace"; without time
// stamps "at one row every 25 ms (the file has no time stamps)".
QString replayPaceText(double speed, bool timed);

class RunPage : public QObject {
    Q_OBJECT
public:
    RunPage(RunController* controller, RunPanel* panel, SeriesStore* store, ResultsModel* results, RunStatus* status,
            QObject* parent = nullptr);

    // The checked benchmarks on the chosen device, recording into `sessionFolder`; false (and
    // a note why) when nothing started.
    bool start(const QString& sessionFolder, int simDelayUs, std::uint64_t tlbWalkBytes = kDefaultTlbWalkBytes);
    void cancel();
    bool openRecording(const QString& path);  // false while busy
    // Opens `path` and plays it as if it were running (RunController::replayRecording); false while busy.
    bool replayRecording(const QString& path, double speed = 0);
    // The recording shown now (opened or replayed to the end); empty after a run, or before any.
    QString shownRecording() const { return shown_; }
    bool replaying() const { return replaying_; }
    // The run or recording shown, as the engine's model: built from the worker's events while it
    // runs, then the worker's own copy as it ended. The table, diagram, maps and sheet show this.
    const Topology& topology() const { return topology_; }
    bool haveRunData() const { return haveRunData_; }

Q_SIGNALS:
    void logged(const QString& text);
    void cleared();                // a run or recording starts: drop what the last one showed
    void topologyChanged();        // new results or device, at most every 150 ms
    void deviceShown(const ts::DeviceInfo& device);
    // `text` as the status bar shows it; `opened` the recording this was, empty for a run.
    void finished(const ts::gui::RunOutcome& outcome, const QString& text, const QString& opened);

private:
    void clear();
    void onRunStarted(const QString& description);
    void onRecordingRead(const QString& path);  // read: now the shown run gives way to it
    void onDeviceInfo(const DeviceInfo& device, const QString& measuredUtc, const QString& toolVersion);
    void onResult(const ResultEvent& result);
    void onReplayStarted(const QString& path, double speed, bool timed, double seconds);
    void onFinished(const RunOutcome& outcome);
    QString finishedText(const RunOutcome& outcome, const QString& opened) const;

    RunController* controller_;
    RunPanel* panel_;
    SeriesStore* store_;
    ResultsModel* results_;
    RunStatus* status_;
    QTimer* topologyTimer_;
    Topology topology_;  // the shown run or recording
    QString opening_;      // the recording being opened; empty during a run
    QString shown_;        // the recording shown, for Replay
    bool replaying_ = false;
    bool haveRunData_ = false;
};

}  // namespace ts::gui
