#pragma once
// Notices another process sharing the GPU while benchmarks run (docs/faults.md, "A shared
// GPU"), from the measurements alone, so that it works where the driver lists nobody:
// - a pre-emption gap: any timed load, of any chase, costing far more than any miss can
//   (another context's time slice passed inside it);
// - a sentinel chase, long enough to outlast a time slice, timed at the start of the run,
//   between benchmarks and every few device calls: a gap in it, or its median well above the
//   quietest one (an MPS client sharing the L2 and memory beside us).
// A neighbour's slice can also fall into a chase's untimed warm-up and leave nothing but
// misses behind; the sentinel around the benchmark is what catches that case.
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "backend/backend.hpp"

namespace ts {

class InterferenceGuard {
public:
    using Chase = std::function<std::vector<std::uint32_t>(const ChaseRequest&)>;

    InterferenceGuard(Backend& backend, Vendor vendor, std::uint64_t l2Bytes);

    // Samples the sentinel (off where the backend cannot walk its array); gaps are watched anyway.
    bool active() const { return active_; }
    void disable() { active_ = false; }
    const ChaseRequest& reference() const { return reference_; }

    // Baseline: the quietest gap-free median of three sentinels.
    void calibrate(const Chase& chase);
    // One sentinel; notes whether it was disturbed.
    void sample(const Chase& chase);
    // Counts a device call; true when a sample is due.
    bool due();
    // Every timed chase passes its latencies here; true when one of them shows a gap.
    bool noteLatencies(const std::vector<std::uint32_t>& latencies);

    // A benchmark starts: the window opens with the last sample's verdict.
    void openWindow();
    bool lastDisturbed() const { return lastDisturbed_; }
    bool windowDisturbed() const { return windowDisturbed_; }
    bool everDisturbed() const { return everDisturbed_; }
    // The window's evidence: "a timed load took 4800312 cycles (a pre-emption gap: ...)".
    std::string describe() const;

    // Far above any miss (device memory plus a page walk: a few thousand cycles), far below a
    // time slice (millions): a load this slow waited for another context.
    static constexpr std::uint32_t kGapCycles = 100'000;
    static bool hasGap(const std::vector<std::uint32_t>& latencies);
    static constexpr int kCallsBetweenSamples = 32;

private:
    double threshold() const;

    bool active_ = false;
    ChaseRequest reference_;
    double baseline_ = 0;   // median of the quietest gap-free sentinel
    double lastMedian_ = 0;
    bool lastDisturbed_ = false;
    bool lastGap_ = false;
    std::uint32_t lastGapCycles_ = 0;
    bool windowDisturbed_ = false;
    bool everDisturbed_ = false;
    std::uint32_t worstGap_ = 0;      // in the window
    double worstMedian_ = 0;          // of a slow sentinel in the window
    int gappedChases_ = 0;            // in the window
    int callsSinceSample_ = 0;
};

}  // namespace ts
