#pragma once
#include <QObject>
#include <QStringList>
#include <QVector>

#include <functional>
#include <memory>
#include <set>

#include "benchmarks/discovery.hpp"
#include "program_support/recording_loader.hpp"
#include "device_choice.hpp"
#include "events/observer.hpp"
#include "io/session_recorder.hpp"
#include "model/topology.hpp"
#include "metatypes.hpp"
#include "mig/mig_view.hpp"

namespace ts::gui {

struct RunRequest {
    DeviceChoice device;
    QStringList groups;                   // empty: every group
    std::shared_ptr<CancelToken> cancel;  // set from the GUI thread while the run goes on
    int simDelayUs = 0;                   // simulator only: wait this long before each device call
    std::set<Element> elements;           // the caches to measure; empty: all
    QString sessionDir;                   // the run records itself into a new session file here
    std::uint64_t tlbWalkBytes = kDefaultTlbWalkBytes;  // DiscoveryOptions::tlbWalkBytes
};

struct RunOutcome {
    bool ok = false;
    bool cancelled = false;
    QString message;  // why it failed, or empty
    double seconds = 0;
};

// Lives on the engine thread: owns the backend and every device call, runs discovery and
// replays recordings, and reports everything through queued signals.
class RunWorker : public QObject {
    Q_OBJECT
public:
    explicit RunWorker(QObject* parent = nullptr);
    ~RunWorker() override;

    // Slots, called through the event loop of the worker's thread.
    void listDevices();
    void run(const RunRequest& request);
    void openRecording(const QString& path);
    // Opens the recording and plays it as if it were running (PacedReplay): `speed` 1 is the
    // recorded pace, 0.25 four times slower, 0 the default (app::defaultReplaySpeed). A cancel
    // stops the pace and shows the rest at once; runFinished then says cancelled, and ok.
    void replayRecording(const QString& path, double speed, const std::shared_ptr<CancelToken>& cancel);
    void saveReport(const QString& path);
    // What the API says of a device before a run: emits migShares (the MIG tab showed
    // "unknown" on the h100-mig profile until Run). A device that cannot be opened stays quiet:
    // the run will say why.
    void describeDevice(const DeviceChoice& device);

Q_SIGNALS:
    void devicesListed(const QVector<ts::gui::DeviceChoice>& devices);
    void runStarted(const QString& description);
    // The device as the engine reports it, with when the run started and which TopoScope
    // measured it (empty where unknown; a recording keeps its own).
    void deviceInfo(const ts::DeviceInfo& device, const QString& measuredUtc, const QString& toolVersion);
    // Rows [firstRow, firstRow + n) of a series, copied off the engine's thread (SeriesStore::addChunk).
    void seriesChunk(const std::shared_ptr<const ts::Series>& newRows, qsizetype firstRow);
    void reduction(const ts::ReductionEvent& reduction);
    void changePoint(const ts::ChangePointEvent& changePoint);
    void result(const ts::ResultEvent& result);
    void progress(const ts::ProgressEvent& progress);
    // What the MIG view shows, computed by the engine: with the device, and again with every L2 result.
    void migShares(const ts::gui::MigViewData& shares);
    void warning(const QString& message);
    void note(const QString& message);
    void runFinished(const ts::gui::RunOutcome& outcome);
    void reportSaved(const QString& path, const QString& error);
    // The run records into `path` (a new session file).
    void sessionRecording(const QString& path);
    // A recording was read: `kind` as recordingKindName says, before its events are replayed.
    void recordingOpened(const QString& path, const QString& kind);
    // A replay begins: at `speed` times the recorded pace (`timed`: the recording's own time
    // stamps; else app::kUntimedRowSeconds a row), lasting about `seconds`.
    void replayStarted(const QString& path, double speed, bool timed, double seconds);
    // A reopened session's benchmark that never ended; `seriesId` (may be empty) holds its rows so far.
    // `elementId` is the element's stable id, empty when the benchmark recorded no rows.
    void cutOff(const QString& benchmark, const QString& seriesId, const QString& elementId);

private:
    void replay(const Topology& topology, const std::vector<std::string>& cutOffNames);
    void noteRecording(const QString& path, const app::Recording& recording);
    // Announces the run on `path`, calls `body` (which fills the outcome), turns an exception into
    // a message naming the path, and reports the outcome with its time.
    void finishTimed(const QString& path, const std::function<void(RunOutcome&)>& body);
    std::unique_ptr<SessionRecorder> startRecording(const RunRequest& request, Observer& next, const Topology& live);

    Topology last_;  // the last run or recording, for "Save Report"
};

}  // namespace ts::gui

Q_DECLARE_METATYPE(ts::gui::RunOutcome)
