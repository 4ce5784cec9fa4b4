#pragma once
#include <chrono>
#include <memory>

#include "backend/forwarding_backend.hpp"
#include "events/observer.hpp"

namespace ts::gui {

// The most a paced benchmark waits in all (the simulated H100 then takes about 55 s, the MI300X 100 s).
inline constexpr std::chrono::milliseconds kPacingPerBenchmark{3500};

// Passes every call on, pacing the calls that run work on the device (chases, batches,
// address-sequence chases, eviction tests, bandwidth) in time: one starts at most every `interval`,
// and each benchmark waits at most `budget` in all, however many calls it makes (issue 37: an
// MI300X's sL1d CU sharing made thousands and held the bar for minutes). The simulator answers a
// whole H100 plan in seconds; paced, it streams like a GPU does, which demos, screenshots and the
// responsiveness measurements need. A call whose own work took the interval waits for nothing.
class PacedBackend : public ForwardingBackend {
public:
    PacedBackend(std::unique_ptr<Backend> inner, std::chrono::microseconds interval, std::chrono::milliseconds budget);

    // A benchmark begins: its calls get a budget of their own.
    void newBenchmark();

    ChaseResult chase(const ChaseRequest& request) override;
    std::vector<ChaseResult> chaseBatch(const std::vector<ChaseRequest>& requests) override;
    BandwidthResult bandwidth(const BandwidthRequest& request) override;
    ChaseResult chaseSequence(const SequenceChase& request) override;
    std::uint32_t evictionTest(const EvictionTest& test) override;

private:
    using Clock = std::chrono::steady_clock;
    void wait();

    std::chrono::microseconds interval_;
    std::chrono::microseconds budget_;
    std::chrono::microseconds waited_{0};  // by the running benchmark's calls
    Clock::time_point lastCall_{};
};

// Tells the pacer where each benchmark of the plan begins (from the run's progress events).
class PaceEachBenchmark : public Observer {
public:
    explicit PaceEachBenchmark(PacedBackend& pacer) : pacer_(pacer) {}
    void onProgress(const ProgressEvent& event) override;

private:
    PacedBackend& pacer_;
    int done_ = -1;
};

}  // namespace ts::gui
