#include "run_worker.hpp"

#include <QElapsedTimer>

#include <algorithm>

#include "benchmarks/discovery.hpp"
#include "program_support/backend_factory.hpp"
#include "mig_view_data.hpp"
#include "paced_backend.hpp"
#include "paced_replay.hpp"
#include "program_support/recording_loader.hpp"
#include "program_support/session_file_name.hpp"
#include "events/observer_list.hpp"
#include "io/report_json.hpp"
#include "qt_observer.hpp"
#include "run/discovery_run.hpp"
#include "run/run_flags.hpp"

namespace ts::gui {

namespace {

// The message names the file; the readers' messages do, anything else gets the path in front.
QString namingThePath(const QString& path, const char* what) {
    const QString message = QString::fromStdString(what);
    return message.contains(path) ? message : path + QStringLiteral(": ") + message;
}

}  // namespace

RunWorker::RunWorker(QObject* parent) : RunSignals(parent) {}
RunWorker::~RunWorker() = default;

void RunWorker::listDevices() {
    QVector<DeviceChoice> out;
    for (const auto& e : app::listDevices()) {
        out.push_back(toChoice(e));
        out.back().withoutL3 = e.withoutL3;
    }
    Q_EMIT devicesListed(out);
}

void RunWorker::run(const RunRequest& request) {
    QElapsedTimer clock;
    clock.start();
    RunOutcome outcome;
    Topology topology;
    QtObserver toGui(*this, &topology);
    ObserverList observer;
    observer.add(&toGui);
    std::unique_ptr<PaceEachBenchmark> paceEachBenchmark;
    try {
        RunFlags flags;
        for (const auto& g : request.groups) flags.groups.insert(g.toStdString());
        flags.elements = request.elements;
        flags.tlbWalkBytes = request.tlbWalkBytes;
        const DiscoveryOptions options = discoveryOptions(flags);
        std::vector<std::string> notes;
        std::unique_ptr<Backend> backend = app::makeBackend(toBackendChoice(request.device), notes);
        for (const auto& n : notes) Q_EMIT note(QString::fromStdString(n));
        if (request.simDelayUs > 0 && backend->kind() == "sim") {
            auto paced = std::make_unique<PacedBackend>(std::move(backend), std::chrono::microseconds(request.simDelayUs),
                                                        kPacingPerBenchmark);
            paceEachBenchmark = std::make_unique<PaceEachBenchmark>(*paced);
            observer.add(paceEachBenchmark.get());
            backend = std::move(paced);
        }
        Q_EMIT runStarted(request.device.label);
        const auto recorder = startRecording(request, observer, topology);
        const DiscoveryOutcome run = runDiscoveryToOutcome(*backend, options, observer, *request.cancel, topology, recorder.get());
        outcome.ok = run.finished();
        outcome.cancelled = run.ending == RunEnding::Cancelled;
        if (run.ending == RunEnding::Refused || run.ending == RunEnding::Failed)
            outcome.message = QString::fromStdString(run.message);
        if (!run.sessionError.empty())
            Q_EMIT warning(tr("session recording stopped: %1").arg(QString::fromStdString(run.sessionError)));
    } catch (const std::exception& e) {  // the backend did not open, or the request was refused
        outcome.message = QString::fromStdString(e.what());
    }
    outcome.topology = std::make_shared<const Topology>(std::move(topology));
    outcome.seconds = clock.elapsed() / 1000.0;
    Q_EMIT runFinished(outcome);
}

// The session file is a bonus: when it cannot be made the run goes on unrecorded, with a warning.
std::unique_ptr<SessionRecorder> RunWorker::startRecording(const RunRequest& request, Observer& next,
                                                           const Topology& live) {
    if (request.sessionDir.isEmpty()) {
        Q_EMIT warning(tr("not recording the session: no folder for session files"));
        return nullptr;
    }
    try {
        const std::string label = request.device.key().replace(QLatin1Char(':'), QLatin1Char('-')).toStdString();
        auto recorder = app::recordNewSession(request.sessionDir.toStdString(), label, next, &live);
        Q_EMIT sessionRecording(QString::fromStdString(recorder->path()));
        return recorder;
    } catch (const std::exception& e) {
        Q_EMIT warning(tr("not recording the session: %1").arg(QString::fromStdString(e.what())));
        return nullptr;
    }
}

void RunWorker::noteRecording(const QString& path, const app::Recording& recording) {
    Q_EMIT recordingOpened(path, QString::fromUtf8(app::recordingKindName(recording.kind)));
    for (const auto& w : recording.warnings) Q_EMIT note(QString::fromStdString(w));
    if (!recording.outcome.empty())
        Q_EMIT note(tr("the recorded run ended: %1").arg(QString::fromStdString(recording.outcome)));
    else if (recording.kind == app::RecordingKind::Session)
        Q_EMIT note(tr("the recorded run never closed its session (killed or still running)"));
}

void RunWorker::finishTimed(const QString& path, const std::function<void(RunOutcome&)>& body) {
    QElapsedTimer clock;
    clock.start();
    RunOutcome outcome;
    try {
        Q_EMIT runStarted(path);
        body(outcome);
    } catch (const std::exception& e) {
        outcome.message = namingThePath(path, e.what());
    }
    outcome.seconds = clock.elapsed() / 1000.0;
    Q_EMIT runFinished(outcome);
}

void RunWorker::openRecording(const QString& path) {
    finishTimed(path, [&](RunOutcome& outcome) {
        app::Recording recording = app::loadRecording(path.toStdString());
        noteRecording(path, recording);
        replay(recording.topology, recording.cutOff);
        outcome.topology = std::make_shared<const Topology>(std::move(recording.topology));
        outcome.ok = true;
    });
}

void RunWorker::replayRecording(const QString& path, double speed, const std::shared_ptr<CancelToken>& cancel) {
    finishTimed(path, [&](RunOutcome& outcome) {
        app::Recording recording = app::loadRecordingForReplay(path.toStdString());
        noteRecording(path, recording);
        app::ReplayScript script = app::replayScript(recording);
        const double defaultPace = app::defaultReplaySpeed(script);
        const double pace = speed > 0 ? speed : defaultPace;
        app::holdChangePoints(script, defaultPace);  // at a faster chosen pace the holds shrink with it
        Q_EMIT replayStarted(path, pace, script.timed, script.seconds / pace);
        outcome.cancelled = !PacedReplay(*this, recording, pace, *cancel).play(script);
        outcome.topology = std::make_shared<const Topology>(std::move(recording.topology));
        outcome.ok = true;
    });
}

// Sends a recorded topology at once through the same events a live run produces; reductions
// and change points are not recorded, so they are computed again from the size sweeps.
void RunWorker::replay(const Topology& topology, const std::vector<std::string>& cutOffNames) {
    QtObserver observer(*this);
    Q_EMIT deviceInfo(topology.device, QString::fromStdString(topology.timestamp),
                      QString::fromStdString(topology.toolVersion));
    for (const auto& series : topology.series)
        sendWholeSeries(*this, observer, series,
                        std::find(cutOffNames.begin(), cutOffNames.end(), series.title) != cutOffNames.end());
    for (const auto& [element, report] : topology.elements)
        for (const auto& a : report.attributes) observer.onResult({element, a});
    sendRecordingEnd(*this, observer, topology, cutOffNames, 0);
}

void RunWorker::describeDevice(const DeviceChoice& device) {
    try {
        std::vector<std::string> notes;
        Topology described;
        described.device = app::makeBackend(toBackendChoice(device), notes)->queryDevice();
        Q_EMIT migShares(toMigView(described));
    } catch (const std::exception&) {
    }
}

void RunWorker::saveReport(const QString& path, const std::shared_ptr<const Topology>& topology) {
    QString error;
    try {
        writeReportFile(*topology, path.toStdString());
    } catch (const std::exception& e) {
        error = QString::fromStdString(e.what());
    }
    Q_EMIT reportSaved(path, error);
}

}  // namespace ts::gui
