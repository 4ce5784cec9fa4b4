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
#include "mig/mig_view.hpp"
#include "run_signals.hpp"

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


// Lives on the engine thread: owns the backend and every device call, runs discovery and
// replays recordings, and reports everything through queued signals.
class RunWorker : public RunSignals {
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
    void saveReport(const QString& path, const std::shared_ptr<const Topology>& topology);
    // What the API says of a device before a run: emits migShares (the MIG tab showed
    // "unknown" on the h100-mig profile until Run). A device that cannot be opened stays quiet:
    // the run will say why.
    void describeDevice(const DeviceChoice& device);

private:
    void replay(const Topology& topology, const std::vector<std::string>& cutOffNames);
    void noteRecording(const QString& path, const app::Recording& recording);
    // Announces the run on `path`, calls `body` (which fills the outcome), turns an exception into
    // a message naming the path, and reports the outcome with its time.
    void finishTimed(const QString& path, const std::function<void(RunOutcome&)>& body);
    std::unique_ptr<SessionRecorder> startRecording(const RunRequest& request, Observer& next, const Topology& live);

};

}  // namespace ts::gui

