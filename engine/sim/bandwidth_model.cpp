#include "sim/bandwidth_model.hpp"

#include <algorithm>
#include <cmath>

#include "backend/rng.hpp"

namespace ts::sim_detail {
namespace {

constexpr double kGiB = 1024.0 * 1024.0 * 1024.0;
constexpr double kL2FallbackFactor = 2.5;  // L2 without read_gibs/write_gibs: 2.5x DRAM
// +-0.4 % a repetition: two runs of one profile stay within 0.8 % of each other, inside the fleet
// rule's 1 % (fleet/outlier_rule.hpp), so noise alone never makes an outlier of a simulated GPU.
// (At 1 % it did, once another benchmark moved the call order the noise follows.)
constexpr double kNoise = 0.004;

// 0 -> 0, 1 -> 1, concave: a quarter of the thread slots already reach ~77 % of peak.
double saturation(double occupancy) {
    constexpr double k = 6.0;
    return (1.0 - std::exp(-k * occupancy)) / (1.0 - std::exp(-k));
}

double harmonic(double read, double write) { return 2.0 / (1.0 / read + 1.0 / write); }

double peakFor(BandwidthOp op, double read, double write) {
    switch (op) {
        case BandwidthOp::Read: return read;
        case BandwidthOp::Write: return write;
        case BandwidthOp::Copy: return harmonic(read, write);
    }
    return read;
}

std::uint64_t totalBytes(const SimProfile& p, const SimCache& c) {
    return c.scope == CacheScope::Xcd ? c.size * static_cast<std::uint64_t>(p.compute.xcds) : c.size;
}

}  // namespace

const SimCache* bandwidthL2(const SimProfile& profile) {
    const Space loads = profile.vendor == Vendor::Amd ? Space::Vector : Space::Global;
    for (const SimCache& c : profile.caches)
        if (!c.isUnitPrivate() && c.servesSpace(loads)) return &c;
    return nullptr;
}

// The cache level behind the L2 (an L3), or null.
const SimCache* bandwidthL3(const SimProfile& profile) {
    const Space loads = profile.vendor == Vendor::Amd ? Space::Vector : Space::Global;
    bool afterL2 = false;
    for (const SimCache& c : profile.caches) {
        if (c.isUnitPrivate() || !c.servesSpace(loads)) continue;
        if (afterL2) return &c;
        afterL2 = true;
    }
    return nullptr;
}

BandwidthResult modelBandwidth(const SimProfile& p, const BandwidthRequest& request, std::uint64_t seed) {
    double read = p.dram.readGibs, write = p.dram.writeGibs;
    if (request.target == BandwidthTarget::L3) {
        const SimCache* l3 = bandwidthL3(p);
        // Without an L3, or beyond it, the working set streams from DRAM.
        if (l3 && request.bytes <= totalBytes(p, *l3)) {
            read = l3->readGibs > 0 ? l3->readGibs : kL2FallbackFactor * p.dram.readGibs;
            write = l3->writeGibs > 0 ? l3->writeGibs : kL2FallbackFactor * p.dram.writeGibs;
        }
    }
    if (request.target == BandwidthTarget::L2) {
        const SimCache* l2 = bandwidthL2(p);
        // A working set the L2 cannot hold streams from DRAM, whatever the caller meant.
        if (l2 && request.bytes <= totalBytes(p, *l2)) {
            read = l2->readGibs > 0 ? l2->readGibs : kL2FallbackFactor * p.dram.readGibs;
            write = l2->writeGibs > 0 ? l2->writeGibs : kL2FallbackFactor * p.dram.writeGibs;
        }
    }
    const double slots = static_cast<double>(p.unitCount()) * p.compute.maxThreadsPerSm;
    const double threads = static_cast<double>(request.blocks) * request.threadsPerBlock;
    const double rate = peakFor(request.op, read, write) * saturation(std::min(threads, slots) / slots);

    Rng rng(seed);
    double best = 0;
    for (int r = 0; r < request.repetitions; ++r) best = std::max(best, rate * (1.0 + kNoise * (2.0 * rng.unit() - 1.0)));

    BandwidthResult result;
    result.gibPerSecond = best;
    result.seconds = static_cast<double>(request.bytes) / (best * kGiB);
    if (request.op == BandwidthOp::Copy)
        result.vendorCopyGibPerSecond = 0.95 * rate * (1.0 + kNoise * (2.0 * rng.unit() - 1.0));
    return result;
}

}  // namespace ts::sim_detail
