#include "bench/interference_guard.hpp"

#include <algorithm>
#include <sstream>

#include "bench/hit_reference.hpp"

namespace ts {

InterferenceGuard::InterferenceGuard(Backend& backend, Vendor vendor) {
    reference_.space = vendor == Vendor::Nvidia ? Space::Global : Space::Vector;
    // 4 KiB fits every L1 of every GPU we know; 128 dependent loads, twice over, cost a few µs.
    reference_.arrayBytes = 4096;
    reference_.strideBytes = 32;
    reference_.warmupPasses = 1;
    reference_.recordLoads = 256;
    reference_.unit = 0;
    active_ = backend.supports(reference_.space) && backend.maxArrayBytes(reference_.space) >= reference_.arrayBytes;
}

void InterferenceGuard::calibrate(const Chase& chase) {
    if (!active_) return;
    for (int i = 0; i < 3; ++i) sample(chase);
    lastDisturbed_ = false;
}

// A quiet GPU repeats an L1 hit chase within a cycle or two; interference only slows it.
// The threshold is the quietest sample's far-out fence, but at least 10 % + 2 cycles above
// its median, so that a noise-free reference (fence = median) does not fire on one cycle.
double InterferenceGuard::threshold() const { return std::max(fence_, baseline_ * 1.1 + 2); }

void InterferenceGuard::sample(const Chase& chase) {
    if (!active_) return;
    callsSinceSample_ = 0;
    const auto latencies = chase(reference_);
    if (latencies.empty()) return;
    lastMedian_ = median(latencies);
    if (baseline_ == 0 || lastMedian_ < baseline_) {
        const HitReference quiet = hitReference(latencies);
        baseline_ = quiet.median;
        fence_ = quiet.fence;
    }
    lastDisturbed_ = lastMedian_ > threshold();
    if (lastDisturbed_) {
        windowDisturbed_ = true;
        worst_ = std::max(worst_, lastMedian_);
    }
}

bool InterferenceGuard::due() { return active_ && ++callsSinceSample_ > kCallsBetweenSamples; }

std::string InterferenceGuard::describe() const {
    std::ostringstream out;
    out << "L1-resident reference chase median " << worst_ << " cycles, " << baseline_ << " when quiet (threshold "
        << threshold() << ")";
    return out.str();
}

}  // namespace ts
