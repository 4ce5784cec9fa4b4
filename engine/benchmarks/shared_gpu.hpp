#pragma once
// What the run knows about other users of the GPU: the driver's view (a hint, refreshed now and
// then and whenever the measurements show a disturbance) and what the run did about it — the
// benchmarks measured again, cleaned or capped, and the device calls spent on it (docs/faults.md,
// "A shared GPU").
#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

#include "backend/backend.hpp"

namespace ts {

class SharedGpuLog {
public:
    // Asks the driver; without `force` at most every few seconds (an NVML query is not free).
    void refresh(Backend& backend, bool force);
    const GpuActivity& driver() const { return driver_; }

    // The driver's busy foreign contexts, "process 4242 stress (compute)"; empty when it lists
    // none (or cannot tell). A listed context counts only while the GPU is busy.
    std::string busyNeighbours() const;
    // The driver's busy MPS clients: they run beside us, not time-sliced, so no gap shows them.
    std::string busyMpsClients() const;
    // Foreign contexts the driver lists at all, for the device details.
    std::string listedNeighbours() const;

    // Re-measuring budget, counted in device calls (chases and bandwidth kernels, the sentinels
    // not included) rather than seconds, so that a run takes the same path on a slow host (a
    // sanitizer build) as on a fast one: up to kMaxTries tries of one benchmark (the first
    // included), and no new try once the calls spent measuring again reach the calls of the
    // first tries plus kSpareRetryCalls. A neighbour that never leaves ends the tries sooner:
    // the engine measures again only after a clean sentinel (plan_runner.cpp).
    // A benchmark whose first try took at most kCheapCalls calls may always use its tries: one
    // long benchmark (an L2 size search) must not leave the short ones none.
    int triesAllowed() const { return kMaxTries; }
    bool retryBudgetLeft(std::uint64_t firstTryCallsOfBenchmark) const;
    void addFirstTryCalls(std::uint64_t calls) { firstTryCalls_ += calls; }
    void addRetryCalls(std::uint64_t calls) { retryCalls_ += calls; }
    void noteOutcome(const std::string& benchmark, bool cleaned);
    int disturbed() const { return static_cast<int>(cleaned_.size() + capped_.size()); }
    const std::vector<std::string>& cleaned() const { return cleaned_; }
    const std::vector<std::string>& capped() const { return capped_; }

    static constexpr int kMaxTries = 4;
    static constexpr std::uint64_t kSpareRetryCalls = 64;
    static constexpr std::uint64_t kCheapCalls = 32;

    // Waits for a clean sentinel (RunContext::waitForQuiet). Two failed in a row: the neighbour
    // stays (a streaming job), and the next wait is a short probe instead of the full patience.
    void noteWait(bool quietFound) { failedWaits_ = quietFound ? 0 : failedWaits_ + 1; }
    bool neighbourStays() const { return failedWaits_ >= 2; }
    // Patience before the n-th re-measurement: 100 ms, 200 ms, 400 ms (a neighbour that comes
    // and goes every ~100 ms is gone by then at least once).
    static std::chrono::milliseconds backoff(int retry);

private:
    GpuActivity driver_;
    bool asked_ = false;
    std::chrono::steady_clock::time_point lastAsked_{};
    std::uint64_t firstTryCalls_ = 0;
    std::uint64_t retryCalls_ = 0;
    int failedWaits_ = 0;
    std::vector<std::string> cleaned_;
    std::vector<std::string> capped_;
};

}  // namespace ts
