#pragma once
#include <atomic>
#include <cstddef>
#include <stdexcept>
#include <string>
#include <vector>

#include "model/attribute.hpp"
#include "model/device_info.hpp"
#include "model/failure.hpp"
#include "model/series.hpp"
#include "events/plan_progress.hpp"

namespace ts {

struct SeriesChunkEvent {
    const Series* series;   // the whole series so far (owned by the run)
    std::size_t firstNewRow; // rows [firstNewRow, end) arrived now
};

struct ReductionEvent {
    std::string seriesId;
    std::vector<double> xs;
    std::vector<double> ys;  // reduced value per row
};

struct ChangePointEvent {
    std::string seriesId;
    std::size_t index = 0;   // first row of the second regime
    double x = 0;            // x of the last row of the first regime (the size that still fits)
    double confidence = 0;
};

struct ResultEvent {
    Element element;
    Attribute attribute;
};

struct ProgressEvent {
    std::string benchmark;   // "L1 Size"
    std::string step;        // "binary search 128 KiB..256 KiB"
    int done = 0;
    int total = 0;
    double elapsedSeconds = 0;
    double etaSeconds = -1;  // -1 unknown
    PlanProgress plan;       // where the run stands in estimated work (empty for a replay)
};

// Receives everything a run produces, as it happens, on the thread that runs the engine.
class Observer {
public:
    virtual ~Observer() = default;
    virtual void onDevice(const DeviceInfo&) {}
    virtual void onSeriesChunk(const SeriesChunkEvent&) {}
    virtual void onReduction(const ReductionEvent&) {}
    virtual void onChangePoint(const ChangePointEvent&) {}
    virtual void onResult(const ResultEvent&) {}
    virtual void onProgress(const ProgressEvent&) {}
    virtual void onWarning(const std::string&) {}
    // Another process used the GPU during the run (Topology::sharedGpu); the warning saying so comes too.
    virtual void onSharedGpu(const std::string&) {}
    virtual void onFailure(const BenchmarkFailure&) {}
};

class Cancelled : public std::runtime_error {
public:
    Cancelled() : std::runtime_error("cancelled") {}
};

// Shared flag; the engine checks it before every primitive call.
class CancelToken {
public:
    void cancel() { flag_.store(true); }
    bool cancelled() const { return flag_.load(); }
    void throwIfCancelled() const {
        if (cancelled()) throw Cancelled();
    }

private:
    std::atomic<bool> flag_{false};
};

}  // namespace ts
