#pragma once
// What the run knows about other users of the GPU: the driver's view (a hint, refreshed now and
// then and whenever the measurements show a disturbance) and what the run did about it — the
// benchmarks measured again, cleaned or capped, and the time spent on it (docs/faults.md,
// "A shared GPU").
#include <chrono>
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

    // Re-measuring budget: tries of one benchmark (the first included), kMaxTries, two while the
    // last benchmark could not be cleaned; and no new try once the time spent measuring again
    // reaches half the time of the first tries plus 2 s, so that a run beside a neighbour that
    // never leaves stays within a few times a quiet one.
    int triesAllowed() const;
    bool retryBudgetLeft() const;
    void addFirstTrySeconds(double s) { firstTrySeconds_ += s; }
    void addRetrySeconds(double s) { retrySeconds_ += s; }
    void noteOutcome(const std::string& benchmark, bool cleaned);
    int disturbed() const { return static_cast<int>(cleaned_.size() + capped_.size()); }
    const std::vector<std::string>& cleaned() const { return cleaned_; }
    const std::vector<std::string>& capped() const { return capped_; }

    static constexpr int kMaxTries = 4;
    // Patience before the n-th re-measurement: 100 ms, 200 ms, 400 ms (a neighbour that comes
    // and goes every ~100 ms is gone by then at least once).
    static std::chrono::milliseconds backoff(int retry);

private:
    GpuActivity driver_;
    bool asked_ = false;
    std::chrono::steady_clock::time_point lastAsked_{};
    double firstTrySeconds_ = 0;
    double retrySeconds_ = 0;
    bool lastCapped_ = false;
    std::vector<std::string> cleaned_;
    std::vector<std::string> capped_;
};

}  // namespace ts
