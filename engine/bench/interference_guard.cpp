#include "bench/interference_guard.hpp"

#include <algorithm>
#include <sstream>

#include "bench/hit_reference.hpp"

namespace ts {

InterferenceGuard::InterferenceGuard(Backend& backend, Vendor vendor, std::uint64_t l2Bytes) {
    // The sentinel walks 1 MiB through the L2 (a quarter of the smallest L2 we know at most),
    // one warm-up pass, then 16384 consecutive timed loads (8192 on AMD, whose LDS holds the
    // times): a few ms on a GPU, longer than one time slice of a busy neighbour.
    const bool nvidia = vendor == Vendor::Nvidia;
    reference_.space = nvidia ? Space::GlobalL2 : Space::VectorL2;
    if (!backend.supports(reference_.space)) reference_.space = nvidia ? Space::Global : Space::Vector;
    std::uint64_t bytes = 1ull << 20;
    if (l2Bytes > 0) bytes = std::min(bytes, std::max<std::uint64_t>(4096, l2Bytes / 4));
    reference_.arrayBytes = bytes;
    reference_.strideBytes = 64;
    reference_.warmupPasses = 1;
    reference_.recordLoads = nvidia ? 16384 : 8192;
    reference_.unit = 0;
    active_ = backend.supports(reference_.space) && backend.maxArrayBytes(reference_.space) >= reference_.arrayBytes;
}

bool InterferenceGuard::hasGap(const std::vector<std::uint32_t>& latencies) {
    return std::any_of(latencies.begin(), latencies.end(), [](std::uint32_t l) { return l >= kGapCycles; });
}

bool InterferenceGuard::noteLatencies(const std::vector<std::uint32_t>& latencies) {
    if (!hasGap(latencies)) return false;
    windowDisturbed_ = everDisturbed_ = true;
    ++gappedChases_;
    worstGap_ = std::max(worstGap_, *std::max_element(latencies.begin(), latencies.end()));
    return true;
}

void InterferenceGuard::calibrate(const Chase& chase) {
    if (!active_) return;
    for (int i = 0; i < 3; ++i) sample(chase);
    lastDisturbed_ = false;
}

// A quiet GPU repeats the sentinel's median within a few cycles; an MPS client's loads queue
// in front of ours in the L2 and memory and raise it. 10 % + 2 cycles above the quietest.
double InterferenceGuard::threshold() const { return baseline_ * 1.1 + 2; }

void InterferenceGuard::sample(const Chase& chase) {
    if (!active_) return;
    callsSinceSample_ = 0;
    const auto latencies = chase(reference_);
    if (latencies.empty()) return;
    lastGap_ = hasGap(latencies);
    lastMedian_ = median(latencies);
    if (lastGap_) {
        lastGapCycles_ = *std::max_element(latencies.begin(), latencies.end());
        noteLatencies(latencies);
        lastDisturbed_ = true;
        return;
    }
    if (baseline_ == 0 || lastMedian_ < baseline_) baseline_ = lastMedian_;
    lastDisturbed_ = lastMedian_ > threshold();
    if (lastDisturbed_) {
        windowDisturbed_ = everDisturbed_ = true;
        worstMedian_ = std::max(worstMedian_, lastMedian_);
    }
}

bool InterferenceGuard::due() { return active_ && ++callsSinceSample_ > kCallsBetweenSamples; }

void InterferenceGuard::openWindow() {
    windowDisturbed_ = lastDisturbed_;
    worstGap_ = 0;
    gappedChases_ = 0;
    worstMedian_ = lastDisturbed_ && !lastGap_ ? lastMedian_ : 0;
    if (lastDisturbed_ && lastGap_) {
        gappedChases_ = 1;
        worstGap_ = lastGapCycles_;
    }
}

std::string InterferenceGuard::describe() const {
    std::ostringstream out;
    if (gappedChases_ > 0) {
        out << gappedChases_ << (gappedChases_ == 1 ? " chase" : " chases") << " with a pre-emption gap";
        if (worstGap_ > 0) out << " (a timed load took " << worstGap_ << " cycles)";
        out << ": another context held the GPU";
    }
    if (worstMedian_ > 0) {
        if (gappedChases_ > 0) out << "; ";
        out << "sentinel chase median " << worstMedian_ << " cycles, " << baseline_ << " when quiet (threshold "
            << threshold() << "): another process loads the L2/memory";
    }
    if (gappedChases_ == 0 && worstMedian_ == 0) out << "the sentinel chase before it was disturbed";
    return out.str();
}

}  // namespace ts
