#pragma once
#include <QObject>
#include <QThread>

#include <memory>

#include "run_worker.hpp"

namespace ts::gui {

// Owns the engine thread and its RunWorker. Calls from the GUI thread are queued to the
// worker; cancel() sets the run's token directly, so it works while the worker is busy.
class RunController : public QObject {
    Q_OBJECT
public:
    explicit RunController(QObject* parent = nullptr);
    ~RunController() override;

    RunWorker* worker() const { return worker_; }
    bool busy() const { return busy_; }

    void requestDevices();
    // False while busy. `elements`: the caches to measure, empty for all.
    // `sessionDir`: the run records itself into a new session file there.
    bool start(const DeviceChoice& device, const QStringList& groups, int simDelayUs = 0,
               const std::set<Element>& elements = {}, const QString& sessionDir = {},
               std::uint64_t tlbWalkBytes = kDefaultTlbWalkBytes);
    bool openRecording(const QString& path);
    // Plays the recording as if it were running (RunWorker::replayRecording); cancel() stops the pace.
    bool replayRecording(const QString& path, double speed = 0);
    // Writes `topology` (the window's shown run) as a report on the worker's thread; answers with reportSaved.
    void saveReport(const QString& path, const Topology& topology);
    // Asks the device what the API says before any run (its MIG layout); answers with migShares.
    void describeDevice(const DeviceChoice& device);
    void cancel();

Q_SIGNALS:
    void busyChanged(bool busy);

private:
    void setBusy(bool busy);

    QThread thread_;
    RunWorker* worker_;
    std::shared_ptr<CancelToken> cancel_;
    bool busy_ = false;
};

}  // namespace ts::gui
