#pragma once
// Notices another process sharing the GPU while benchmarks run (docs/faults.md, "A shared
// GPU"), from the measurements alone, so that it works where the driver lists nobody:
// - a pre-emption gap: any timed load, of any chase, costing far more than any miss can
//   (another context's time slice passed inside it);
// - a sentinel chase, long enough to outlast a time slice, timed at the start of the run,
//   between benchmarks and after every few sentinels' worth of the benchmarks' own loads: a gap
//   in it, or its median well above the quietest one (an MPS client sharing the L2 and memory
//   beside us).
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

    // The sentinel chase of a GPU of `vendor` with an L2 of `l2Bytes`, and whether `r` is it (for
    // tools and tests that tell the guard's calls from the benchmarks' own).
    static ChaseRequest sentinel(Vendor vendor, std::uint64_t l2Bytes);
    static bool isSentinel(const ChaseRequest& r, Vendor vendor, std::uint64_t l2Bytes);

    // Samples the sentinel (off where the backend cannot walk its array); gaps are watched anyway.
    bool active() const { return active_; }
    void disable() { active_ = false; }
    const ChaseRequest& reference() const { return reference_; }

    // Baseline: the quietest gap-free median of three sentinels.
    void calibrate(const Chase& chase);
    // One sentinel; notes a gap in it or a median well above the baseline.
    void sample(const Chase& chase);
    // Counts a device call's dependent loads (backend/device_work.hpp).
    void noteWork(std::uint64_t loads) { workSinceSample_ += loads; }
    // A sample is due once the calls since the last one asked for kWorkPerSample sentinels' worth
    // of loads: watching costs about 1/(1 + kWorkPerSample) of the device time at most.
    bool due() const;
    std::uint64_t loadsPerSample() const { return loadsPerSample_; }

    // A chase whose timed loads or watched untimed steps hold a pre-emption gap.
    static bool preempted(const ChaseResult& result);
    static std::uint32_t worstStep(const ChaseResult& result);
    // Its clean duration, estimated from its timed loads without the gaps, is below ~1 ms
    // (2 M cycles): short enough to fit in one of our time slices.
    static bool shortChase(const ChaseRequest& request, const ChaseResult& result);
    // A benchmark's chase was pre-empted and measured again: `cleaned` when a repeat came
    // out clean (the row's evidence is then clean), else the window is disturbed.
    void notePreempted(const ChaseResult& gapped, bool cleaned);
    // A decisive row that disagreed with its repeat although neither showed a gap: another
    // context evicted our lines between two of our kernels ("Read Only Line Size").
    void noteDisagreement(const std::string& benchmark);
    // The benchmark's decisive rows (the strides around a line size, the arrays around a size
    // knee, a sharing verdict) were measured again, later, and agreed: pre-empted rows that a
    // repeat cleaned and pre-empted sentinels around it no longer disturb it.
    void noteConfirmed() { confirmed_ = true; }

    // The window's evidence so far, to forget what a discarded measurement left in it.
    struct Window {
        int unclean, cleaned, disagreed;
        bool confirmed;
        std::uint32_t worstGap, sentinelGapCycles;
        bool sentinelGap;
        double slowMedian;
    };
    Window window() const {
        return {uncleanChases_, cleanedChases_, disagreements_, confirmed_, worstGap_, sentinelGapCycles_, sentinelGap_, slowMedian_};
    }
    void restore(const Window& w) {
        uncleanChases_ = w.unclean, cleanedChases_ = w.cleaned, disagreements_ = w.disagreed, worstGap_ = w.worstGap;
        confirmed_ = w.confirmed;
        sentinelGapCycles_ = w.sentinelGapCycles, sentinelGap_ = w.sentinelGap, slowMedian_ = w.slowMedian;
    }

    // A benchmark starts: the window opens with the last sentinel's verdict.
    void openWindow();
    // Disturbed: a chase still pre-empted when measured again, a row that disagreed with its
    // repeat, a slow sentinel; and, unless its decisive rows were confirmed, a pre-empted chase
    // that a repeat cleaned or a pre-empted sentinel.
    bool windowDisturbed() const;
    bool lastDisturbed() const { return lastGap_ || lastSlow_; }
    // Another context showed itself at any time of the run (a gap anywhere, a slow sentinel).
    bool neighbourSeen() const { return neighbourSeen_; }
    // How many signs of another context the run has seen (gaps, slow sentinels, disagreements):
    // one is a blip, a neighbour that stays or returns leaves many.
    int signs() const { return signs_; }
    int chasesCleaned() const { return totalCleaned_; }  // pre-empted rows a repeat cleaned, whole run
    // The window's evidence: "2 chases kept a pre-emption gap when measured again (a step of
    // 4800312 cycles): another context held the GPU".
    std::string describe() const;

    // Far above any miss (device memory plus a page walk: a few thousand cycles), far below a
    // time slice (millions): a step this slow waited for another context.
    static constexpr std::uint32_t kGapCycles = 100'000;
    static bool hasGap(const std::vector<std::uint32_t>& latencies);
    static constexpr int kWorkPerSample = 8;

private:
    double threshold() const;
    // Slow means the median is above the threshold beyond its own noise: this lower bound is.
    static double medianLowerBound(std::vector<std::uint32_t> latencies);

    bool active_ = false;
    ChaseRequest reference_;
    std::uint64_t loadsPerSample_ = 0;
    double baseline_ = 0;   // median of the quietest gap-free sentinel
    double lastMedian_ = 0;
    bool lastGap_ = false;
    bool lastSlow_ = false;
    std::uint32_t lastGapCycles_ = 0;
    bool neighbourSeen_ = false;
    int signs_ = 0;
    int totalCleaned_ = 0;
    // The window:
    int uncleanChases_ = 0;
    int cleanedChases_ = 0;
    int disagreements_ = 0;
    bool confirmed_ = false;
    std::string disagreedIn_;
    std::uint32_t worstGap_ = 0;
    bool sentinelGap_ = false;
    std::uint32_t sentinelGapCycles_ = 0;
    double slowMedian_ = 0;
    std::uint64_t workSinceSample_ = 0;
};

}  // namespace ts
