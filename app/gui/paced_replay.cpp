#include "paced_replay.hpp"

#include <QThread>

#include <algorithm>

#include "analysis/analysis.hpp"
#include "analysis/series_threshold.hpp"
#include "mig_view_data.hpp"
#include "run_signals.hpp"
#include "view_support/qt_text.hpp"

namespace ts::gui {
namespace {

bool isSweep(const Series& s) { return app::isChangePointSweep(s.kind); }

void sendReduction(QtObserver& observer, const Series& sorted) {
    ReductionEvent reduction{sorted.id, {}, reduceSweep(sorted)};
    for (const auto& row : sorted.rows) reduction.xs.push_back(row.x);
    observer.onReduction(reduction);
}

bool isCutOff(const Series& s, const std::vector<std::string>& names) {
    return std::find(names.begin(), names.end(), s.title) != names.end();
}

}  // namespace

void sendWholeSeries(RunSignals& worker, QtObserver& observer, const Series& series, bool cutOff) {
    if (cutOff) {
        auto marked = std::make_shared<Series>(series);
        marked->title = RunSignals::tr("%1 (cut off)").arg(qText(series.title)).toStdString();
        Q_EMIT worker.seriesChunk(marked, 0);
    } else {
        observer.onSeriesChunk({&series, 0});
    }
    if (!isSweep(series)) return;
    const Series analysed = analysedRows(series);  // as the live run's last change point saw it
    sendReduction(observer, analysed);
    const ChangePoint cp = findChangePoint(analysed);
    if (cp.found) observer.onChangePoint({series.id, cp.index, cp.x, cp.confidence});
}

void sendRecordingEnd(RunSignals& worker, QtObserver& observer, const Topology& topology,
                      const std::vector<std::string>& cutOffNames, std::size_t firstWarning) {
    Q_EMIT worker.migShares(toMigView(topology));
    for (std::size_t i = firstWarning; i < topology.warnings.size(); ++i) observer.onWarning(topology.warnings[i]);
    if (topology.sharedGpu) observer.onSharedGpu(*topology.sharedGpu);
    for (const auto& name : cutOffNames) {
        const auto it = std::find_if(topology.series.begin(), topology.series.end(),
                                     [&](const Series& s) { return s.title == name; });
        if (it == topology.series.end())
            Q_EMIT worker.cutOff(qText(name), {}, {});
        else
            Q_EMIT worker.cutOff(qText(name), qText(it->id), qText(toString(it->element)));
    }
}

PacedReplay::PacedReplay(RunSignals& worker, const app::Recording& recording, double speed, const CancelToken& cancel)
    : worker_(worker),
      recording_(recording),
      speed_(speed > 0 ? speed : 1.0),
      cancel_(cancel),
      observer_(worker, &recording.topology) {}

bool PacedReplay::play(const app::ReplayScript& script) {
    clock_.start();
    observer_.onDevice(recording_.topology.device);
    bool cancelled = false;
    for (const app::ReplayStep& step : script.steps) {
        if (!cancelled) cancelled = !waitUntil(step.at / speed_);
        // Cancelled: the rest at once, each series whole at its last rows (what came between is superseded).
        const bool superseded = step.kind == app::ReplayStep::Kind::Progress ||
                                (step.kind == app::ReplayStep::Kind::Rows && !step.lastOfSeries);
        if (cancelled && superseded) continue;
        send(step, script.seconds);
    }
    sendUnsent();
    return !cancelled;
}

// Sleeps in slices of at most 50 ms, so a cancel is seen at once.
bool PacedReplay::waitUntil(double seconds) {
    for (;;) {
        if (cancel_.cancelled()) return false;
        const double left = seconds - static_cast<double>(clock_.nsecsElapsed()) / 1e9;
        if (left <= 0) return true;
        QThread::usleep(static_cast<unsigned long>(std::min(left, 0.05) * 1e6));
    }
}

void PacedReplay::send(const app::ReplayStep& step, double scriptSeconds) {
    switch (step.kind) {
        case app::ReplayStep::Kind::Rows: sendRows(step); break;
        case app::ReplayStep::Kind::Result:
            sentResults_.insert({step.result.element, step.result.attribute.name});
            observer_.onResult(step.result);
            break;
        case app::ReplayStep::Kind::Warning:
            observer_.onWarning(step.warning);
            ++warningsSent_;
            break;
        case app::ReplayStep::Kind::Progress: {
            ProgressEvent p = step.progress;
            p.elapsedSeconds = static_cast<double>(clock_.nsecsElapsed()) / 1e9;
            p.etaSeconds = std::max(0.0, (scriptSeconds - step.at) / speed_);
            observer_.onProgress(p);
            break;
        }
    }
}

// The rows so far; the last rows of a series send it whole, as opening the recording shows it.
void PacedReplay::sendRows(const app::ReplayStep& step) {
    const Series& whole = recording_.topology.series[step.series];
    if (step.lastOfSeries) {
        live_.erase(step.series);
        whole_.insert(step.series);
        sendWholeSeries(worker_, observer_, whole, isCutOff(whole, recording_.cutOff));
        return;
    }
    Series& live = live_[step.series];
    if (step.first == 0 || live.id.empty()) {
        live = step.rows;
    } else {
        live.rows.insert(live.rows.end(), step.rows.rows.begin(), step.rows.rows.end());
    }
    updateMissThreshold(live);  // as the engine does with every chunk of a run: the plots draw its line
    observer_.onSeriesChunk({&live, step.first == 0 ? 0 : live.rows.size() - step.rows.rows.size()});
    if (!isSweep(live)) return;
    Series sorted = live;  // the engine reduces its sweeps sorted by size, whatever order they ran in
    std::stable_sort(sorted.rows.begin(), sorted.rows.end(), [](const SeriesRow& a, const SeriesRow& b) { return a.x < b.x; });
    sendReduction(observer_, analysedRows(sorted));
}

// What the script did not carry: series without rows steps, results it lacks, the end.
void PacedReplay::sendUnsent() {
    const Topology& t = recording_.topology;
    for (std::size_t i = 0; i < t.series.size(); ++i)
        if (!whole_.count(i)) sendWholeSeries(worker_, observer_, t.series[i], isCutOff(t.series[i], recording_.cutOff));
    for (const auto& [element, report] : t.elements)
        for (const Attribute& a : report.attributes)
            if (a.source != Source::Api && !sentResults_.count({element, a.name})) observer_.onResult({element, a});
    sendRecordingEnd(worker_, observer_, t, recording_.cutOff, warningsSent_);
}

}  // namespace ts::gui
