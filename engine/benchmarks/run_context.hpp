#pragma once
#include <chrono>
#include <functional>
#include <string>
#include <vector>

#include "backend/backend.hpp"
#include "benchmarks/interference_guard.hpp"
#include "benchmarks/shared_gpu.hpp"
#include "events/observer.hpp"
#include "model/topology.hpp"

namespace ts {

// Everything a benchmark needs while it runs: the backend, the growing topology,
// the observers, cancellation and progress accounting.
class RunContext {
public:
    RunContext(Backend& backend, Topology& topology, Observer& observer, const CancelToken& cancel);

    Backend& backend() { return backend_; }
    const DeviceInfo& device() const { return topology_.device; }
    Topology& topology() { return topology_; }
    Observer& observer() { return observer_; }

    // Primitive calls; each checks cancellation first. Once a call has lost the device
    // (BackendError::deviceLost), every later one throws without reaching the backend.
    ChaseResult chase(const ChaseRequest& request);
    std::vector<ChaseResult> chaseBatch(const std::vector<ChaseRequest>& requests);
    ChaseResult chaseSequence(const SequenceChase& request);
    std::uint32_t evictionTest(const EvictionTest& test);
    // Watched: a sentinel after the kernel says whether another context shared the GPU while
    // it ran, and a disturbed kernel runs again once one comes back clean.
    BandwidthResult bandwidth(const BandwidthRequest& request);
    // Unwatched (only the periodic sentinel): for a search whose winners are measured again,
    // watched, before anything is decided from them.
    BandwidthResult bandwidthUnwatched(const BandwidthRequest& request);
    std::vector<std::uint32_t> timerOverhead(int samples);
    const std::string& deviceLost() const { return lost_; }  // why; empty while the device works
    // Chase, batch and bandwidth calls so far (the guard's sentinels not counted): the unit of
    // the re-measuring budget, the same on a fast host and a slow one.
    std::uint64_t deviceCalls() const { return deviceCalls_; }

    // Interference check (may be null): sampled every few calls and on demand.
    void attachGuard(InterferenceGuard* guard) { guard_ = guard; }
    InterferenceGuard* guard() { return guard_; }
    void calibrateGuard();
    void sampleGuard();
    // A row that should repeat (a decisive stride, a control that must hit) disagreed with its
    // repeat without a gap: evidence of another context for the benchmark's window.
    void noteDisagreement(const std::string& benchmark) {
        if (guard_) guard_->noteDisagreement(benchmark);
    }
    // The benchmark's decisive rows were measured again and agreed (InterferenceGuard::noteConfirmed).
    void noteConfirmed() {
        if (guard_) guard_->noteConfirmed();
    }
    // A fresh sentinel, then more every 10 ms until one is clean or `patience` is over (a short
    // probe while the neighbour stays). True when one was clean, or no sentinel can tell.
    bool waitForQuiet(std::chrono::milliseconds patience);
    // Other users of the GPU: the driver's view and what the run did about them.
    SharedGpuLog& shared() { return shared_; }
    // A benchmark decides from an earlier result that another context disturbed (a line size
    // from a size that came out low): its own chases can be clean and its value still wrong.
    // Noted here ("Texture size"), the plan runner marks the benchmark's results too.
    void noteDisturbedInput(const std::string& what);
    std::vector<std::string> takeDisturbedInputs();

    // Evidence: a new (or reset) series and rows appended to it, announced to observers.
    Series& openSeries(const std::string& id, const std::string& title, SeriesKind kind, Element element);
    void appendRows(const std::string& seriesId, std::vector<SeriesRow> rows);
    const Series& series(const std::string& id) const;

    void report(Element element, Attribute attribute);
    // A later benchmark's revision of an earlier result (its confidence lowered, the reason why):
    // announced as a result, but none of the running item's own, so the marks of a disturbance
    // around that item (plan_runner.cpp) do not reach it.
    void revise(Element element, Attribute attribute);
    void warn(const std::string& message);
    // Another process used the GPU: `message` is warned and kept as the run's shared-GPU mark.
    void warnSharedGpu(const std::string& message);
    void fail(const BenchmarkFailure& failure);  // recorded in the topology and announced

    // Every report() in order, so that a caller can find what one benchmark reported.
    struct Reported {
        Element element;
        std::string name;
    };
    std::size_t reportMark() const { return reported_.size(); }
    std::vector<Reported> reportedSince(std::size_t mark) const;

    void beginStep(const std::string& benchmark, const std::string& step);
    // The plan's items by their estimated work (PlanItem::work), in the order they run.
    void setPlanWork(std::vector<double> work);
    void reviseWork(std::size_t item, double work);  // an item not yet begun
    void finishPlanItem();
    PlanProgress planProgress() const;  // where the run stands now
    double elapsedSeconds() const;

private:
    template <typename Call>
    auto onDevice(Call&& call) -> decltype(call());
    void sampleIfDue();
    void noteWork(std::uint64_t loads);
    std::vector<std::uint32_t> referenceChase(const ChaseRequest& request);
    ChaseResult measuredClean(const ChaseRequest& request, ChaseResult result);
    // A pre-empted result measured once more (`again`), at once or after a clean sentinel; the
    // guard notes whether the repeat came out clean.
    ChaseResult repeatedIfPreempted(ChaseResult result, bool repeatAtOnce, const std::function<ChaseResult()>& again);

    Backend& backend_;
    Topology& topology_;
    Observer& observer_;
    const CancelToken& cancel_;
    std::vector<double> planWork_;
    std::vector<double> secondsPerWork_;  // of each finished item
    int planDone_ = 0;
    double planDoneSeconds_ = 0;  // when the last item finished
    std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
    InterferenceGuard* guard_ = nullptr;
    std::string lost_;
    std::vector<Reported> reported_;
    SharedGpuLog shared_;
    std::uint64_t deviceCalls_ = 0;
    std::vector<std::string> disturbedInputs_;
};

}  // namespace ts
