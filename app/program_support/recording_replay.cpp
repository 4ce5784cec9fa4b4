#include "program_support/recording_replay.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>
#include <set>

namespace ts::app {
namespace {

ReplayStep stepAt(ReplayStep::Kind kind, double at) {
    ReplayStep s;
    s.kind = kind;
    s.at = at;
    return s;
}

ReplayStep progressStep(double at, const std::string& benchmark, const std::string& step, int done, int total) {
    ReplayStep s = stepAt(ReplayStep::Kind::Progress, at);
    s.progress.benchmark = benchmark;
    s.progress.step = step;
    s.progress.done = done;
    s.progress.total = total;
    return s;
}

std::map<std::string, std::size_t> seriesIndex(const Topology& topology) {
    std::map<std::string, std::size_t> index;
    for (std::size_t i = 0; i < topology.series.size(); ++i) index.emplace(topology.series[i].id, i);
    return index;
}

// Marks the last rows step of every series.
void markLastRows(std::vector<ReplayStep>& steps) {
    std::set<std::size_t> seen;
    for (auto it = steps.rbegin(); it != steps.rend(); ++it)
        if (it->kind == ReplayStep::Kind::Rows && seen.insert(it->series).second) it->lastOfSeries = true;
}

// A session in its recorded order. Progress comes from its progress records, or (sessions
// written before them) from its benchmark beginnings; an untimed one advances a row at a time.
ReplayScript fromTimeline(const Recording& recording) {
    ReplayScript script;
    const auto index = seriesIndex(recording.topology);
    const bool hasProgress = std::any_of(recording.timeline.begin(), recording.timeline.end(),
                                         [](const SessionEvent& e) { return e.kind == SessionEvent::Kind::Progress; });
    const int begins = static_cast<int>(std::count_if(recording.timeline.begin(), recording.timeline.end(),
                                                      [](const SessionEvent& e) { return e.kind == SessionEvent::Kind::Begin; }));
    script.timed = std::any_of(recording.timeline.begin(), recording.timeline.end(), [](const SessionEvent& e) { return e.t >= 0; });
    double at = 0;
    int begun = 0;
    for (const SessionEvent& e : recording.timeline) {
        at = script.timed ? std::max(at, e.t) : at;
        switch (e.kind) {
            case SessionEvent::Kind::Rows: {
                const auto found = index.find(e.rows.id);
                if (found == index.end()) break;
                if (!script.timed) at += kUntimedRowSeconds * static_cast<double>(e.rows.rows.size());
                ReplayStep s = stepAt(ReplayStep::Kind::Rows, at);
                s.series = found->second;
                s.first = e.first;
                s.rows = e.rows;
                script.steps.push_back(std::move(s));
                break;
            }
            case SessionEvent::Kind::Result: {
                ReplayStep s = stepAt(ReplayStep::Kind::Result, at);
                s.result = {e.element, e.attribute};
                script.steps.push_back(std::move(s));
                break;
            }
            case SessionEvent::Kind::Warning: {
                ReplayStep s = stepAt(ReplayStep::Kind::Warning, at);
                s.warning = e.text;
                script.steps.push_back(std::move(s));
                break;
            }
            case SessionEvent::Kind::Progress:
                script.steps.push_back(progressStep(at, e.benchmark, e.text, e.done, e.total));
                break;
            case SessionEvent::Kind::Begin:
                if (!hasProgress) script.steps.push_back(progressStep(at, e.benchmark, {}, begun, begins));
                ++begun;
                break;
            case SessionEvent::Kind::End: break;
        }
    }
    script.seconds = at;
    return script;
}

// Any other recording: series by series in the file's order, one row a step at the fixed pace,
// each series' results right after its last row; results of no series at the end.
ReplayScript seriesBySeries(const Topology& topology) {
    ReplayScript script;
    std::set<std::pair<Element, std::string>> placed;
    const int total = static_cast<int>(topology.series.size());
    double at = 0;
    for (std::size_t i = 0; i < topology.series.size(); ++i) {
        const Series& whole = topology.series[i];
        script.steps.push_back(progressStep(at, whole.title, {}, static_cast<int>(i), total));
        for (std::size_t row = 0; row < whole.rows.size(); ++row) {
            at += kUntimedRowSeconds;
            ReplayStep s = stepAt(ReplayStep::Kind::Rows, at);
            s.series = i;
            s.first = row;
            s.rows = Series{whole.id, whole.title, whole.kind, whole.element, {whole.rows[row]}};
            script.steps.push_back(std::move(s));
        }
        for (const auto& [element, report] : topology.elements)
            for (const Attribute& a : report.attributes) {
                if (a.source == Source::Api || a.evidence != whole.id || !placed.insert({element, a.name}).second) continue;
                ReplayStep s = stepAt(ReplayStep::Kind::Result, at);
                s.result = {element, a};
                script.steps.push_back(std::move(s));
            }
    }
    for (const auto& [element, report] : topology.elements)
        for (const Attribute& a : report.attributes) {
            if (a.source == Source::Api || placed.count({element, a.name})) continue;
            ReplayStep s = stepAt(ReplayStep::Kind::Result, at);
            s.result = {element, a};
            script.steps.push_back(std::move(s));
        }
    script.seconds = at;
    return script;
}

}  // namespace

ReplayScript replayScript(const Recording& recording) {
    ReplayScript script = recording.timeline.empty() ? seriesBySeries(recording.topology) : fromTimeline(recording);
    markLastRows(script.steps);
    return script;
}

bool isChangePointSweep(SeriesKind kind) { return kind == SeriesKind::Size || kind == SeriesKind::SegmentSize; }

void holdChangePoints(ReplayScript& script, double speed) {
    const double hold = kChangePointHoldSeconds * speed;  // in the script's seconds
    double shift = 0;
    std::optional<std::size_t> heldSeries;
    double heldAt = 0;
    for (ReplayStep& step : script.steps) {
        step.at += shift;
        const bool movesOn = step.kind == ReplayStep::Kind::Progress ||
                             (step.kind == ReplayStep::Kind::Rows && step.series != heldSeries);
        if (heldSeries && movesOn) {
            if (step.at < heldAt + hold) {
                shift += heldAt + hold - step.at;
                step.at = heldAt + hold;
            }
            heldSeries.reset();
        }
        if (step.kind == ReplayStep::Kind::Rows && step.lastOfSeries && isChangePointSweep(step.rows.kind))
            heldSeries = step.series, heldAt = step.at;
    }
    script.seconds += shift;
}

double defaultReplaySpeed(const ReplayScript& script) {
    if (!script.timed || script.seconds <= 0 || script.seconds >= kWatchableReplaySeconds) return 1.0;
    return 1.0 / std::ceil(kWatchableReplaySeconds / script.seconds);
}

}  // namespace ts::app
