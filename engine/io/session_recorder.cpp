#include "io/session_recorder.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "io/report_json.hpp"
#include "model/timestamp.hpp"

namespace ts {
namespace {

using nlohmann::json;

// The records reuse the report's encodings, so a session and a report can never disagree.
json deviceJson(const DeviceInfo& device) {
    Topology t;
    t.device = device;
    return reportToJson(t, false)["device"];
}

json seriesJson(const Series& whole, std::size_t firstNewRow) {
    Topology t;
    Series s{whole.id, whole.title, whole.kind, whole.element, {}};
    s.rows.assign(whole.rows.begin() + static_cast<long>(std::min(firstNewRow, whole.rows.size())), whole.rows.end());
    t.series.push_back(std::move(s));
    return reportToJson(t, true)["series"][0];
}

json elementJson(const ResultEvent& event) {
    Topology t;
    t.element(event.element).set(event.attribute);
    return reportToJson(t, false)["elements"][0];
}

}  // namespace

SessionRecorder::SessionRecorder(const std::string& path, Observer& next, const Topology* live)
    : log_(path), next_(next), live_(live) {
    Topology self;
    self.toolVersion = TOPOSCOPE_VERSION;
    self.toolBuild = buildInfo();
    write({{"type", "session"},
           {"format", kSessionFormat},
           {"tool", TOPOSCOPE_VERSION},
           {"build", reportToJson(self, false)["tool"]},
           {"started", utcTimestamp()}},
          true);
    // A session that cannot even take its first record records nothing: say so now, before the run.
    if (!error_.empty()) throw std::runtime_error(error_);
}

void SessionRecorder::onDevice(const DeviceInfo& device) {
    write({{"type", "device"}, {"device", deviceJson(device)}}, true);
    next_.onDevice(device);
}

void SessionRecorder::onSeriesChunk(const SeriesChunkEvent& event) {
    write({{"type", "rows"}, {"first", event.firstNewRow}, {"series", seriesJson(*event.series, event.firstNewRow)}});
    next_.onSeriesChunk(event);
}

void SessionRecorder::onResult(const ResultEvent& event) {
    write({{"type", "result"}, {"element", elementJson(event)}});
    next_.onResult(event);
}

void SessionRecorder::onWarning(const std::string& message) {
    write({{"type", "warning"}, {"message", message}});
    next_.onWarning(message);
}

void SessionRecorder::onSharedGpu(const std::string& evidence) {
    write({{"type", "shared_gpu"}, {"evidence", evidence}});
    next_.onSharedGpu(evidence);
}

void SessionRecorder::onFailure(const BenchmarkFailure& failure) {
    Topology t;
    t.failures.push_back(failure);
    write({{"type", "failure"}, {"failure", reportToJson(t, false)["failures"][0]}}, true);
    next_.onFailure(failure);
}

void SessionRecorder::onProgress(const ProgressEvent& event) {
    if (!current_.empty() && event.done > currentDone_) endBenchmark();
    if (!timerWritten_ && live_ && event.done >= 1) {  // plan item 0 measures the timer overhead
        write({{"type", "timer"}, {"overheadCycles", live_->timerOverheadCycles}});
        timerWritten_ = true;
    }
    if (current_.empty() && event.done < event.total && !event.benchmark.empty()) {
        current_ = event.benchmark;
        currentDone_ = event.done;
        currentBegan_ = stampNow();
        write({{"type", "begin"}, {"benchmark", current_}}, false, currentBegan_);
    }
    write({{"type", "progress"},
           {"benchmark", event.benchmark},
           {"step", event.step},
           {"done", event.done},
           {"total", event.total}});
    next_.onProgress(event);
}

// "seconds": how long the benchmark ran, the difference of its begin and end records' "t" (one
// reading of the clock each, so that no pause between two readings sets them apart).
void SessionRecorder::endBenchmark() {
    const double ended = stampNow();
    const double seconds = std::round((ended - currentBegan_) * 1e6) / 1e6;
    write({{"type", "end"}, {"benchmark", current_}, {"seconds", std::max(0.0, seconds)}}, true, ended);
    current_.clear();
}

// Microseconds are enough for a pace and keep the records short.
double SessionRecorder::stampNow() const {
    return std::round(std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count() * 1e6) / 1e6;
}

void SessionRecorder::close(const std::string& outcome) {
    if (closed_) return;
    closed_ = true;
    write({{"type", "close"}, {"outcome", outcome}}, true);
}

void SessionRecorder::write(json record, bool sync, std::optional<double> at) {
    if (!error_.empty()) return;
    try {
        if (record.value("type", "") != "session") record["t"] = at ? *at : stampNow();
        record["n"] = ++written_;  // the reader sees a record that went missing, or came twice
        log_.append(record.dump(-1, ' ', false, json::error_handler_t::replace));
        if (sync) log_.sync();
    } catch (const std::exception& e) {
        error_ = e.what();
    }
}

}  // namespace ts
