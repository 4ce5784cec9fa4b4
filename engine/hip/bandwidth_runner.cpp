#include "hip/bandwidth_runner.hpp"

#include <algorithm>
#include <limits>

#include "hip/hip_error.hpp"
#include "launch_api.hpp"

namespace ts::hipb {
namespace {

constexpr double kL2BytesPerLaunch = 256.0 * (1 << 20);  // an L2 run sweeps its small buffer this much
constexpr double kGiB = 1024.0 * 1024.0 * 1024.0;

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

}  // namespace

constexpr std::size_t kMostLdsBytes = 64 << 10;

BandwidthResult BandwidthRunner::run(const BandwidthRequest& r) {
    if (r.bytes < 4096) throw BackendError("hip: bandwidth: the working set must be at least 4 KiB");
    if (r.blocks <= 0 || r.threadsPerBlock <= 0 || r.threadsPerBlock > 1024 || r.repetitions <= 0)
        throw BackendError("hip: bandwidth: blocks, threads (1..1024) and repetitions must be positive");
    // Writes and copies stream over the grid with four accesses in flight; reads (the roofline)
    // take any sweep and 1-8 loads in flight, through the vL1 (GLC is not set: an L2 or memory
    // working set is many times a vL1) or over the block's own LDS.
    const bool lds = r.space == Space::Lds || r.space == Space::Shared;
    const bool global = r.space == Space::GlobalL2 || r.space == Space::VectorL2 || r.space == Space::Global || r.space == Space::Vector;
    const bool plainStream = global && r.sweep == BandwidthSweep::Grid && r.loadsInFlight == 4;
    if (r.op != BandwidthOp::Read && !plainStream)
        throw BackendError("hip: bandwidth: writes and copies stream over the grid with 4 accesses in flight (space \"" +
                           std::string(toString(r.space)) + "\")");
    if (!lds && !global) throw BackendError("hip: bandwidth: space \"" + std::string(toString(r.space)) + "\" is not supported");
    if (r.loadsInFlight != 1 && r.loadsInFlight != 2 && r.loadsInFlight != 4 && r.loadsInFlight != 8)
        throw BackendError("hip: bandwidth: loads in flight must be 1, 2, 4 or 8");
    if (lds && (r.sweep != BandwidthSweep::EveryBlock || r.bytes > kMostLdsBytes))
        throw BackendError("hip: bandwidth: a block sweeps its own LDS, at most 64 KiB");
    const bool sweep = r.op == BandwidthOp::Read && !(plainStream && r.target == BandwidthTarget::DeviceMemory);
    const bool copy = r.op == BandwidthOp::Copy;
    // Copy splits the working set into source and destination halves.
    const std::size_t part = (copy ? r.bytes / 2 : r.bytes) / 16 * 16;
    const std::size_t moved = (copy ? 2 * part : part) * (r.sweep == BandwidthSweep::EveryBlock ? static_cast<std::size_t>(r.blocks) : 1);
    src_.reserve(part, "bandwidth source");
    dst_.reserve(part, "bandwidth destination");
    sink_.reserve(16, "bandwidth sink");
    check(hipMemset(src_.get(), 1, part), "filling the bandwidth source");
    const bool dram = r.target == BandwidthTarget::DeviceMemory;
    const auto inner = dram ? 1u : static_cast<std::uint32_t>(std::clamp(kL2BytesPerLaunch / moved, 1.0, 4096.0));
    const hipk::BwOp op = r.op == BandwidthOp::Read ? hipk::kBwRead : r.op == BandwidthOp::Write ? hipk::kBwWrite : hipk::kBwCopy;
    auto launch = [&] {
        const auto grid = static_cast<unsigned>(r.blocks), block = static_cast<unsigned>(r.threadsPerBlock);
        check(sweep ? hipk::launchReadSweep(lds, r.loadsInFlight, r.sweep == BandwidthSweep::EveryBlock, src_.get(), part / 16, inner,
                                            sink_.as<std::uint32_t>(), grid, block, nullptr)
                    : hipk::launchBandwidth(op, dram, src_.get(), dst_.get(), part / 16, inner, sink_.as<std::uint32_t>(), grid,
                                            block, nullptr),
              "bandwidth launch");
    };

    Events events;
    launch();  // warm-up: TLB, and for L2 runs the buffer itself
    BandwidthResult result;
    result.seconds = std::numeric_limits<double>::max();
    for (int k = 0; k < r.repetitions; ++k) result.seconds = std::min(result.seconds, events.seconds(launch));
    result.gibPerSecond = static_cast<double>(moved) * inner / result.seconds / kGiB;
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
