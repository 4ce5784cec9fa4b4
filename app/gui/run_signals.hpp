#pragma once
// What the worker tells the window, as queued signals: a base of RunWorker of its own, so that
// the parts that emit them for it (QtObserver, the paced replay) need not know the worker.
#include <QObject>
#include <QString>
#include <QVector>

#include <memory>

#include "device_choice.hpp"
#include "events/observer.hpp"
#include "metatypes.hpp"
#include "mig/mig_view.hpp"
#include "run_outcome.hpp"

namespace ts::gui {

class RunSignals : public QObject {
    Q_OBJECT
public:
    using QObject::QObject;

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
    // Another process used the GPU during the run (the engine's Topology::sharedGpu, its words).
    void sharedGpu(const QString& evidence);
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
};

}  // namespace ts::gui
