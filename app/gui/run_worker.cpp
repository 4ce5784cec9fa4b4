#include "run_worker.hpp"

#include <QElapsedTimer>

#include "analysis/analysis.hpp"
#include "bench/discovery.hpp"
#include "common/backend_factory.hpp"
#include "event_convert.hpp"
#include "paced_backend.hpp"
#include "io/report_json.hpp"
#include "io/input_error.hpp"
#include "io/json_file.hpp"
#include "io/mt4g_json_read.hpp"
#include "qt_observer.hpp"

namespace ts::gui {

namespace {

// A TopoScope report, or else MT4G's JSON report (its published samples, e.g. the MI210's).
Topology readRecording(const std::string& path) {
    try {
        return readReportFile(path);
    } catch (const InputError&) {
        const nlohmann::json j = readJsonFile(path);
        if (!j.is_object() || j.contains("format") || !j.contains("general") || !j.contains("memory")) throw;
        return readMt4gJsonFile(path);
    }
}

}  // namespace

RunWorker::RunWorker(QObject* parent) : QObject(parent) {}
RunWorker::~RunWorker() = default;

void RunWorker::listDevices() {
    QVector<DeviceChoice> out;
    for (const auto& e : app::listDevices()) out.push_back(toChoice(e));
    Q_EMIT devicesListed(out);
}

void RunWorker::run(const RunRequest& request) {
    QElapsedTimer clock;
    clock.start();
    RunOutcome outcome;
    Topology topology;
    QtObserver observer(*this, &topology);
    try {
        std::vector<std::string> notes;
        std::unique_ptr<Backend> backend = app::makeBackend(toBackendChoice(request.device), notes);
        for (const auto& n : notes) Q_EMIT note(QString::fromStdString(n));
        if (request.simDelayUs > 0 && backend->kind() == "sim")
            backend = std::make_unique<PacedBackend>(std::move(backend), std::chrono::microseconds(request.simDelayUs));
        DiscoveryOptions options;
        for (const auto& g : request.groups) options.groups.insert(g.toStdString());
        for (const auto& e : request.elements)
            if (const auto element = elementFromDisplayName(e.toStdString())) options.elements.insert(*element);
        Q_EMIT runStarted(request.device.label);
        runDiscovery(*backend, options, observer, *request.cancel, topology);
        outcome.ok = true;
    } catch (const Cancelled&) {
        outcome.cancelled = true;
        topology.warnings.push_back("run cancelled before the plan finished");
    } catch (const std::exception& e) {
        outcome.message = QString::fromStdString(e.what());
    }
    last_ = std::move(topology);
    outcome.seconds = clock.elapsed() / 1000.0;
    Q_EMIT runFinished(outcome);
}

void RunWorker::openRecording(const QString& path) {
    QElapsedTimer clock;
    clock.start();
    RunOutcome outcome;
    try {
        Q_EMIT runStarted(path);
        Topology topology = readRecording(path.toStdString());
        replay(topology);
        last_ = std::move(topology);
        outcome.ok = true;
    } catch (const std::exception& e) {
        outcome.message = QString::fromStdString(e.what());
    }
    outcome.seconds = clock.elapsed() / 1000.0;
    Q_EMIT runFinished(outcome);
}

// Sends a recorded topology through the same events a live run produces; reductions and
// change points are not recorded, so they are computed again from the size sweeps.
void RunWorker::replay(const Topology& topology) {
    QtObserver observer(*this);
    DeviceInfo device = topology.device;
    observer.onDevice(device);
    for (const auto& series : topology.series) {
        observer.onSeriesChunk({&series, 0});
        if (series.kind != SeriesKind::Size && series.kind != SeriesKind::SegmentSize) continue;
        ReductionEvent reduction{series.id, {}, reduceSweep(series)};
        for (const auto& row : series.rows) reduction.xs.push_back(row.x);
        observer.onReduction(reduction);
        const ChangePoint cp = findChangePoint(series);
        if (cp.found) observer.onChangePoint({series.id, cp.index, cp.x, cp.confidence});
    }
    for (const auto& [element, report] : topology.elements)
        for (const auto& a : report.attributes) observer.onResult({element, a});
    for (const auto& w : topology.warnings) observer.onWarning(w);
}

void RunWorker::saveReport(const QString& path) {
    QString error;
    try {
        writeReportFile(last_, path.toStdString());
    } catch (const std::exception& e) {
        error = QString::fromStdString(e.what());
    }
    Q_EMIT reportSaved(path, error);
}

}  // namespace ts::gui
