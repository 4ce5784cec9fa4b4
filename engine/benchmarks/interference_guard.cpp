#include "benchmarks/interference_guard.hpp"

#include <algorithm>
#include <cmath>
#include <sstream>

#include "analysis/robust.hpp"
#include "backend/device_work.hpp"

namespace ts {

ChaseRequest InterferenceGuard::sentinel(Vendor vendor, std::uint64_t l2Bytes) {
    // The sentinel walks 1 MiB through the L2 (a quarter of the L2 at most), one warm-up pass,
    // then 32768 consecutive timed loads (8192 on AMD, whose LDS holds the times): about 5 ms
    // on an H100, longer than our time slice beside a busy neighbour (its slices: ~2.4 ms).
    // On NVIDIA a block reads the warm-up pass (a third of the walk's time, ~100 sentinels a
    // run); the timed loads alone still outlast a slice. Samples stay paced by the walked
    // sentinel's loads.
    // Through the L1-cached space: 1 MiB exceeds every L1, so the loads hit in the L2, and the
    // fault injection counts the sentinel in group l1 like the other guard chases before it.
    const bool nvidia = vendor == Vendor::Nvidia;
    ChaseRequest r;
    r.space = nvidia ? Space::Global : Space::Vector;
    std::uint64_t bytes = 1ull << 20;
    if (l2Bytes > 0) bytes = std::min(bytes, std::max<std::uint64_t>(4096, l2Bytes / 4));
    r.arrayBytes = bytes;
    r.strideBytes = 64;
    r.warmupPasses = 1;
    r.recordLoads = nvidia ? 32768 : 8192;
    r.unit = 0;
    r.blockWarmup = nvidia;
    return r;
}

bool InterferenceGuard::isSentinel(const ChaseRequest& r, Vendor vendor, std::uint64_t l2Bytes) {
    const ChaseRequest s = sentinel(vendor, l2Bytes);
    return r.space == s.space && r.arrayBytes == s.arrayBytes && r.strideBytes == s.strideBytes &&
           r.warmupPasses == s.warmupPasses && r.recordLoads == s.recordLoads && r.unit == s.unit &&
           r.blockWarmup == s.blockWarmup && !r.second;
}

InterferenceGuard::InterferenceGuard(Backend& backend, Vendor vendor, std::uint64_t l2Bytes)
    : reference_(sentinel(vendor, l2Bytes)) {
    ChaseRequest walked = reference_;  // samples stay paced by the walked sentinel's loads
    walked.blockWarmup = false;
    loadsPerSample_ = kWorkPerSample * dependentLoads(walked);
    active_ = backend.supports(reference_.space) && backend.maxArrayBytes(reference_.space) >= reference_.arrayBytes;
}

bool InterferenceGuard::hasGap(const std::vector<std::uint32_t>& latencies) {
    return std::any_of(latencies.begin(), latencies.end(), [](std::uint32_t l) { return l >= kGapCycles; });
}

std::uint32_t InterferenceGuard::worstStep(const ChaseResult& r) {
    const std::uint32_t timed = r.latencies.empty() ? 0 : *std::max_element(r.latencies.begin(), r.latencies.end());
    return std::max(timed, r.maxUntimedStep);
}

bool InterferenceGuard::shortChase(const ChaseRequest& request, const ChaseResult& result) {
    double timed = 0;
    for (std::uint32_t l : result.latencies) timed += l < kGapCycles ? l : 0;
    // A block warm-up or block read (a few thousand coalesced reads) costs far less than one dependent pass.
    const bool secondWalks = request.second && !request.second->blockRead;
    const double passes = 1.0 + (request.blockWarmup ? 0 : request.warmupPasses) + (secondWalks ? request.second->passes : 0);
    return timed * std::max<std::uint32_t>(1, request.recordEvery) * passes < 2e6;
}

bool InterferenceGuard::preempted(const ChaseResult& r) { return worstStep(r) >= kGapCycles; }

void InterferenceGuard::notePreempted(const ChaseResult& gapped, bool cleaned) {
    neighbourSeen_ = true;
    ++signs_;
    worstGap_ = std::max(worstGap_, worstStep(gapped));
    if (cleaned) {
        ++cleanedChases_;
        ++totalCleaned_;
        return;
    }
    ++uncleanChases_;
}

void InterferenceGuard::noteDisagreement(const std::string& benchmark) {
    neighbourSeen_ = true;
    ++signs_;
    ++disagreements_;
    disagreedIn_ = benchmark;
}

void InterferenceGuard::calibrate(const Chase& chase) {
    if (!active_) return;
    for (int i = 0; i < 3; ++i) sample(chase);
}

// A quiet GPU repeats the sentinel's median within a few cycles; an MPS client's loads queue
// in front of ours in the L2 and memory and raise it: 10 % + 2 cycles above the quietest.
double InterferenceGuard::threshold() const { return baseline_ * 1.1 + 2; }

// The median's own noise: the order statistic 1.5 sqrt(n) below the middle (three standard errors
// of a sample median). On a GPU the sentinel's L2 hits lie within a few cycles and this is the
// median itself; on a simulated GPU with large jitter it keeps the median's scatter from each
// sentinel to the next (some 15 cycles in 32768 loads of +-1000) from reading as a neighbour.
double InterferenceGuard::medianLowerBound(std::vector<std::uint32_t> latencies) {
    const std::size_t n = latencies.size();
    const std::size_t below = static_cast<std::size_t>(1.5 * std::sqrt(double(n)));
    const std::size_t k = n / 2 > below ? n / 2 - below : 0;
    std::nth_element(latencies.begin(), latencies.begin() + static_cast<std::ptrdiff_t>(k), latencies.end());
    return latencies[k];
}

void InterferenceGuard::sample(const Chase& chase) {
    if (!active_) return;
    workSinceSample_ = 0;
    const auto latencies = chase(reference_);
    if (latencies.empty()) return;
    lastGap_ = hasGap(latencies);
    lastSlow_ = false;
    if (lastGap_) {
        lastGapCycles_ = *std::max_element(latencies.begin(), latencies.end());
        neighbourSeen_ = sentinelGap_ = true;
        ++signs_;
        sentinelGapCycles_ = std::max(sentinelGapCycles_, lastGapCycles_);
        return;
    }
    lastMedian_ = median(latencies);
    if (baseline_ == 0 || lastMedian_ < baseline_) baseline_ = lastMedian_;
    lastSlow_ = medianLowerBound(latencies) > threshold();
    if (lastSlow_) {
        neighbourSeen_ = true;
        ++signs_;
        slowMedian_ = std::max(slowMedian_, lastMedian_);
    }
}

bool InterferenceGuard::due() const {
    return active_ && workSinceSample_ >= loadsPerSample_;
}

void InterferenceGuard::openWindow() {
    uncleanChases_ = cleanedChases_ = disagreements_ = 0;
    confirmed_ = false;
    worstGap_ = 0;
    sentinelGap_ = lastGap_;
    sentinelGapCycles_ = lastGap_ ? lastGapCycles_ : 0;
    slowMedian_ = lastSlow_ ? lastMedian_ : 0;
}

// Any sign of another context during the benchmark disturbs it, also a pre-empted row that a
// repeat cleaned and a pre-empted sentinel around work watched throughout, unless the benchmark
// confirmed its decisive rows by a repeat: a time-sliced neighbour also evicts our lines between
// two of our launches and leaves dirty lines for our misses to write back. On the H100 beside a
// streaming neighbour, the L2 fetch granularity came out 16 B instead of 32 B from chases without
// a single gap (a benchmark without a confirmation step). A row that gives the same answer at two
// different times was not moved that way; one that does not is a disagreement.
bool InterferenceGuard::windowDisturbed() const {
    if (uncleanChases_ > 0 || disagreements_ > 0 || slowMedian_ > 0) return true;
    return !confirmed_ && (cleanedChases_ > 0 || sentinelGap_);
}

std::string InterferenceGuard::describe() const {
    std::ostringstream out;
    const auto sep = [&] {
        if (out.tellp() > 0) out << "; ";
    };
    if (uncleanChases_ + cleanedChases_ > 0)
        out << uncleanChases_ + cleanedChases_ << (uncleanChases_ + cleanedChases_ == 1 ? " chase" : " chases")
            << " pre-empted (a step of " << worstGap_ << " cycles; " << uncleanChases_
            << " still so when measured again): another context held the GPU";
    if (disagreements_ > 0) {
        sep();
        out << "a decisive row of " << disagreedIn_
            << " disagreed with its repeat, without a gap: another context evicted our lines between our kernels";
    }
    if (sentinelGap_) {
        sep();
        out << "a sentinel chase around it was pre-empted (a step of " << sentinelGapCycles_
            << " cycles): another context held the GPU";
    }
    if (slowMedian_ > 0) {
        sep();
        out << "sentinel chase median " << slowMedian_ << " cycles, " << baseline_ << " when quiet (threshold "
            << threshold() << "): another process loads the L2/memory";
    }
    return out.str();
}

}  // namespace ts
