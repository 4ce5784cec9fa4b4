#pragma once
// Records a run as it happens into an append-only session file (format: docs/recording.md).
#include <chrono>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "events/observer.hpp"
#include "io/session_log.hpp"
#include "model/topology.hpp"

namespace ts {

// /2: result records carry their attributes' marks (toposcope-report/3's attribute encoding).
inline constexpr const char* kSessionFormat = "toposcope-session/2";
// Still read: its attributes' marks are taken from the reasons (io/legacy_marks.hpp).
inline constexpr const char* kSessionFormatV1 = "toposcope-session/1";

// Put it between the engine and the other observers (it forwards every event to `next`).
// Benchmark boundaries are read from the progress events: a plan item begins with its
// "start" step and ends when the plan's done count moves on; the file is synced at each end.
// Never throws from an event: a write failure stops recording and is kept in error().
// Every record after the header carries "t": seconds since the recorder was made (the run's
// start), from the monotonic clock, so a replay can keep the pace at which the GPU measured.
class SessionRecorder : public Observer {
public:
    // `live`: the topology the run fills, for what the engine sets without an event (timer
    // overhead); may be null. Throws std::runtime_error when the file cannot be created or its first
    // record (the session header) cannot be written.
    SessionRecorder(const std::string& path, Observer& next, const Topology* live = nullptr);

    void onDevice(const DeviceInfo& device) override;
    void onSeriesChunk(const SeriesChunkEvent& event) override;
    void onReduction(const ReductionEvent& event) override { next_.onReduction(event); }
    void onChangePoint(const ChangePointEvent& event) override { next_.onChangePoint(event); }
    void onResult(const ResultEvent& event) override;
    void onProgress(const ProgressEvent& event) override;
    void onWarning(const std::string& message) override;
    void onSharedGpu(const std::string& evidence) override;
    void onFailure(const BenchmarkFailure& failure) override;

    // Last record: how the run ended ("finished", "cancelled", "failed: ..."), then a sync.
    void close(const std::string& outcome);

    const std::string& path() const { return log_.path(); }
    const std::string& error() const { return error_; }

private:
    // `at`: the record's "t" where the caller already read the clock for it.
    void write(nlohmann::json record, bool sync = false, std::optional<double> at = std::nullopt);
    void endBenchmark();
    double stampNow() const;  // seconds since the recorder was made, to the microsecond

    SessionLogWriter log_;
    Observer& next_;
    const Topology* live_;
    std::string current_;    // the benchmark running now; empty between benchmarks
    int currentDone_ = -1;   // the plan's done count when it began
    double currentBegan_ = 0;  // its begin record's "t"
    std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
    bool timerWritten_ = false;
    bool closed_ = false;
    std::uint64_t written_ = 0;  // records so far; each carries its number "n" from 1 (the header)
    std::string error_;
};

}  // namespace ts
