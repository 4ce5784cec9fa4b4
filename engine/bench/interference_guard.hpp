#pragma once
// Notices another process loading the GPU while benchmarks run (docs/methods.md,
// "Interference"): a fixed L1-resident reference chase is timed at the start of the run,
// between benchmarks and every few device calls; a median well above the quietest one seen
// means the measurements around it were disturbed.
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "backend/backend.hpp"

namespace ts {

class InterferenceGuard {
public:
    using Chase = std::function<std::vector<std::uint32_t>(const ChaseRequest&)>;

    // Off (never samples) where the backend has no L1-cached global space.
    InterferenceGuard(Backend& backend, Vendor vendor);

    bool active() const { return active_; }
    void disable() { active_ = false; }
    const ChaseRequest& reference() const { return reference_; }

    // Baseline: the quietest of three reference chases.
    void calibrate(const Chase& chase);
    // One reference chase; notes whether it was disturbed.
    void sample(const Chase& chase);
    // Counts a device call; true when a sample is due.
    bool due();

    // A benchmark starts: the window opens with the last sample's verdict.
    void openWindow() { windowDisturbed_ = lastDisturbed_; worst_ = lastDisturbed_ ? lastMedian_ : 0; }
    bool windowDisturbed() const { return windowDisturbed_; }
    // "reference chase median 57 cycles, 38 when quiet (threshold 45)"
    std::string describe() const;

    static constexpr int kCallsBetweenSamples = 32;

private:
    double threshold() const;

    bool active_ = false;
    ChaseRequest reference_;
    double baseline_ = 0;   // median of the quietest sample
    double fence_ = 0;      // its far-out fence (Q3 + 3 IQR)
    double lastMedian_ = 0;
    double worst_ = 0;
    bool lastDisturbed_ = false;
    bool windowDisturbed_ = false;
    int callsSinceSample_ = 0;
};

}  // namespace ts
