#include "hip/bandwidth_runner.hpp"

#include <algorithm>
#include <limits>
#include <string>

#include "hip/hip_error.hpp"
#include "launch_api.hpp"

namespace ts::hipb {
namespace {

constexpr double kL2BytesPerLaunch = 256.0 * (1 << 20);  // an L2 run sweeps its small buffer this much
constexpr double kGiB = 1024.0 * 1024.0 * 1024.0;
constexpr std::size_t kMostLdsBytes = 64 << 10;
// s_memrealtime's rate on gfx90a and gfx94x (the chase's timeouts count on it too); the HIP of
// ROCm 5.2 has no attribute that says it, and the runner does not know its device's index.
constexpr double kWallClockHz = 100e6;

class Events {
public:
    Events() {
        check(hipEventCreate(&start_), "creating an event");
        check(hipEventCreate(&stop_), "creating an event");
    }
    ~Events() {
        (void)hipEventDestroy(start_);
        (void)hipEventDestroy(stop_);
    }
    Events(const Events&) = delete;
    Events& operator=(const Events&) = delete;

    template <typename Launch>
    double seconds(Launch&& launch) {
        check(hipEventRecord(start_, nullptr), "recording an event");
        launch();
        check(hipEventRecord(stop_, nullptr), "recording an event");
        check(hipEventSynchronize(stop_), "bandwidth kernel");
        float ms = 0;
        check(hipEventElapsedTime(&ms, start_, stop_), "reading an event timer");
        return ms / 1000.0;
    }

private:
    hipEvent_t start_ = nullptr, stop_ = nullptr;
};

std::string spaceText(Space s) { return "space \"" + std::string(toString(s)) + "\""; }

// The kernel's path, sweep and depth for a request. Reads take any sweep and 1-8 loads in flight
// through the vL1 (GLC is not set: an L2 or memory working set is many times a vL1), over the
// block's own LDS or through the sL1d; writes the same ways but the sL1d; copies stream over the grid.
// Device-memory working sets are read and written non-temporally. Throws on anything else.
hipk::Sweep sweepOf(const BandwidthRequest& r) {
    if (r.lanes == LaneAccess::Broadcast)
        throw BackendError("hip: bandwidth: broadcast loads are NVIDIA's constant cache; AMD's uniform loads are the "
                           "scalar space");
    if (r.loadsInFlight != 1 && r.loadsInFlight != 2 && r.loadsInFlight != 4 && r.loadsInFlight != 8)
        throw BackendError("hip: bandwidth: loads in flight must be 1, 2, 4 or 8");
    if (r.sweep == BandwidthSweep::EveryWarp)
        throw BackendError("hip: bandwidth: every warp sweeping the array is for NVIDIA's constant cache");
    const bool everyBlock = r.sweep == BandwidthSweep::EveryBlock;
    hipk::Sweep sweep{hipk::kSweepVector, r.loadsInFlight, everyBlock};
    switch (r.space) {
        case Space::GlobalL2:
        case Space::VectorL2:
        case Space::Global:
        case Space::Vector:
            if (r.target == BandwidthTarget::DeviceMemory) sweep.path = hipk::kSweepVectorNt;
            break;
        case Space::Lds:
        case Space::Shared: sweep.path = hipk::kSweepLds; break;
        case Space::Scalar: sweep.path = hipk::kSweepScalar; break;
        default: throw BackendError("hip: bandwidth: " + spaceText(r.space) + " is not supported");
    }
    if (sweep.path == hipk::kSweepLds && (!everyBlock || r.bytes > kMostLdsBytes))
        throw BackendError("hip: bandwidth: a block sweeps its own LDS, at most 64 KiB");
    if (r.op == BandwidthOp::Write && sweep.path == hipk::kSweepScalar)
        throw BackendError("hip: bandwidth: stores go to global memory or the block's LDS, not to the scalar space");
    const bool global = sweep.path == hipk::kSweepVector || sweep.path == hipk::kSweepVectorNt;
    if (r.op == BandwidthOp::Copy && (!global || everyBlock || r.loadsInFlight != 4))
        throw BackendError("hip: bandwidth: copies stream over the grid in global memory with 4 accesses in flight (" +
                           spaceText(r.space) + ")");
    return sweep;
}

// The shader clock from a sweep's record (s_memtime and s_memrealtime at block 0's start and
// end), Hz; 0 where unusable.
double clockOf(const std::uint64_t* deviceRecord) {
    std::uint64_t t[4] = {};
    check(hipMemcpy(t, deviceRecord, sizeof t, hipMemcpyDeviceToHost), "reading the kernel's clock");
    if (t[2] <= t[0] || t[3] <= t[1]) return 0;
    const double hz = static_cast<double>(t[2] - t[0]) / static_cast<double>(t[3] - t[1]) * kWallClockHz;
    // A counter that ran at the wall clock's own pace is not the shader clock.
    return hz > 2 * kWallClockHz ? hz : 0;
}

}  // namespace

BandwidthResult BandwidthRunner::run(const BandwidthRequest& r) {
    if (r.bytes < 4096) throw BackendError("hip: bandwidth: the working set must be at least 4 KiB");
    if (r.blocks <= 0 || r.threadsPerBlock <= 0 || r.threadsPerBlock > 1024 || r.repetitions <= 0)
        throw BackendError("hip: bandwidth: blocks, threads (1..1024) and repetitions must be positive");
    const hipk::Sweep sweep = sweepOf(r);
    const bool copy = r.op == BandwidthOp::Copy, write = r.op == BandwidthOp::Write;
    const bool lds = sweep.path == hipk::kSweepLds;
    // Copy splits the working set into source and destination halves.
    const std::size_t part = (copy ? r.bytes / 2 : r.bytes) / 16 * 16;
    const std::size_t moved = (copy ? 2 * part : part) * sweepsOfWorkingSet(r.sweep, r.blocks, r.threadsPerBlock, hipk::kWaveSize);
    if (!lds && !write) {
        src_.reserve(part, "bandwidth source");
        check(hipMemset(src_.get(), 1, part), "filling the bandwidth source");
    }
    if (!lds && r.op != BandwidthOp::Read) dst_.reserve(part, "bandwidth destination");
    sink_.reserve(16, "bandwidth sink");
    clocks_.reserve(4 * sizeof(std::uint64_t), "the bandwidth kernel's clock");
    std::uint64_t* clocks = copy ? nullptr : clocks_.as<std::uint64_t>();
    const bool dram = r.target == BandwidthTarget::DeviceMemory;
    const auto inner = dram ? 1u : static_cast<std::uint32_t>(std::clamp(kL2BytesPerLaunch / moved, 1.0, 4096.0));
    const bool nt = sweep.path == hipk::kSweepVectorNt;
    auto launch = [&] {
        const auto grid = static_cast<unsigned>(r.blocks), block = static_cast<unsigned>(r.threadsPerBlock);
        const std::size_t n = part / 16;
        auto* sink = sink_.as<std::uint32_t>();
        hipError_t e = hipSuccess;
        if (copy) e = hipk::launchCopy(nt, src_.get(), dst_.get(), n, inner, grid, block, nullptr);
        else if (write) e = hipk::launchWriteSweep(sweep, dst_.get(), n, inner, clocks, grid, block, nullptr);
        else e = hipk::launchReadSweep(sweep, src_.get(), n, inner, sink, clocks, grid, block, nullptr);
        check(e, "bandwidth launch");
    };

    Events events;
    launch();  // warm-up: TLB, and for L2 runs the buffer itself
    BandwidthResult result;
    result.seconds = std::numeric_limits<double>::max();
    for (int k = 0; k < r.repetitions; ++k) result.seconds = std::min(result.seconds, events.seconds(launch));
    result.gibPerSecond = static_cast<double>(moved) * inner / result.seconds / kGiB;
    if (clocks) result.clockHz = clockOf(clocks);  // the last repetition's
    if (copy) {
        double best = std::numeric_limits<double>::max();
        for (int k = 0; k < r.repetitions; ++k)
            best = std::min(best, events.seconds([&] {
                check(hipMemcpyAsync(dst_.get(), src_.get(), part, hipMemcpyDeviceToDevice, nullptr), "hipMemcpy D2D");
            }));
        result.vendorCopyGibPerSecond = static_cast<double>(moved) / best / kGiB;
    }
    return result;
}

}  // namespace ts::hipb
