#include "cuda/bandwidth.hpp"

#include <algorithm>
#include <limits>
#include <string>

#include "chase_abi.hpp"
#include "cuda/cuda_error.hpp"
#include "cuda/texture_cache.hpp"

namespace ts::cuda {
namespace {

// An L2-resident working set is swept this often inside one launch so a launch lasts long
// enough (>~100 us) for event timing; device-memory working sets are swept once. An SM's own
// levels deliver four times an L2's: at 2 GiB a launch of shared-memory reads lasted 75 us, of
// which the launch and the block's fill of its shared memory took several per cent.
constexpr double kL2BytesPerLaunch = 2.0 * (1ull << 30);
constexpr double kUnitLevelBytesPerLaunch = 8.0 * (1ull << 30);
double bytesPerLaunch(BandwidthTarget t) {
    return t == BandwidthTarget::L1 || t == BandwidthTarget::Scratchpad ? kUnitLevelBytesPerLaunch : kL2BytesPerLaunch;
}
constexpr std::uint32_t kMaxInner = 1u << 16;
// Dynamic shared memory a launch gets without opting in to more.
constexpr std::size_t kMostSharedBytes = 48 << 10;

const char* opName(BandwidthOp op) {
    switch (op) {
        case BandwidthOp::Read: return "read";
        case BandwidthOp::Write: return "write";
        default: return "copy";
    }
}

// The kernel's path and sweep for a request: reads take any path, sweep and lanes; writes go
// past the L1, through it or to shared memory; copies stream over the grid past the L1. Throws
// on anything else.
cudak::ReadSweep sweepOf(const BandwidthRequest& r, const std::string& what) {
    cudak::ReadSweep sweep{cudak::kReadPastL1, r.loadsInFlight, r.sweep == BandwidthSweep::EveryBlock,
                           r.sweep == BandwidthSweep::EveryWarp, r.lanes == LaneAccess::Broadcast};
    switch (r.space) {
        case Space::GlobalL2: break;
        case Space::Global: sweep.path = cudak::kReadCached; break;
        case Space::ReadOnly: sweep.path = cudak::kReadNonCoherent; break;
        case Space::Shared: sweep.path = cudak::kReadShared; break;
        case Space::Texture: sweep.path = cudak::kReadTexture; break;
        case Space::Constant: sweep.path = cudak::kReadConstant; break;
        default: throw BackendError(what + ": space \"" + std::string(toString(r.space)) + "\" is not supported by the CUDA backend");
    }
    if (r.loadsInFlight != 1 && r.loadsInFlight != 2 && r.loadsInFlight != 4 && r.loadsInFlight != 8)
        throw BackendError(what + ": loads in flight must be 1, 2, 4 or 8");
    if (r.op == BandwidthOp::Copy && (sweep.path != cudak::kReadPastL1 || sweep.everyBlock || r.loadsInFlight != 4))
        throw BackendError(what + ": copies stream over the grid past the L1 only");
    const bool readOnly = sweep.path == cudak::kReadNonCoherent || sweep.path == cudak::kReadTexture || sweep.path == cudak::kReadConstant;
    if (r.op == BandwidthOp::Write && (readOnly || sweep.broadcast || sweep.everyWarp))
        throw BackendError(what + ": stores go to global or shared memory, each lane its own");
    if (sweep.path == cudak::kReadConstant && r.bytes > cudak::kBandwidthConstBytes)
        throw BackendError(what + ": the constant bank swept holds " + formatBytes(cudak::kBandwidthConstBytes));
    if (sweep.path == cudak::kReadShared && (!sweep.everyBlock || r.bytes > kMostSharedBytes))
        throw BackendError(what + ": a block sweeps its own shared memory, at most " + formatBytes(kMostSharedBytes));
    if (sweep.everyWarp && sweep.path == cudak::kReadShared) throw BackendError(what + ": every warp sweeps global memory only");
    // A constant cache holds a few KiB: half of it is less than the 4 KiB asked of the others.
    const std::uint64_t least = sweep.path == cudak::kReadConstant ? 256 : 4096;
    if (r.bytes < least) throw BackendError(what + ": the working set must be at least " + formatBytes(least));
    return sweep;
}

// The SM clock from a sweep's record (clock64 and %globaltimer at block 0's start and end), Hz; 0 if unusable.
double clockOf(const unsigned long long* deviceRecord) {
    unsigned long long record[4] = {};
    check(cudaMemcpy(record, deviceRecord, sizeof record, cudaMemcpyDeviceToHost), "reading the kernel's clock");
    if (record[3] <= record[1] || record[2] <= record[0]) return 0;
    return static_cast<double>(record[2] - record[0]) / static_cast<double>(record[3] - record[1]) * 1e9;
}

// A texture of 16-byte texels over the array, for one run only (the arena may move before the next).
struct ScopedTexture {
    std::uint64_t object = 0;
    ScopedTexture() = default;
    ScopedTexture(const ScopedTexture&) = delete;
    ScopedTexture& operator=(const ScopedTexture&) = delete;
    ~ScopedTexture() {
        if (object) destroyTexture(object);
    }
};

}  // namespace

BandwidthResult BandwidthRunner::run(const BandwidthRequest& r) {
    ctx_.enter();
    ctx_.useDefaultL2Fetch();
    const auto& lim = ctx_.limits();
    const std::string what = std::string("bandwidth ") + opName(r.op) + " of " + formatBytes(r.bytes);
    if (r.repetitions < 0 || r.blocks < 0 || r.threadsPerBlock < 0)
        throw BackendError(what + ": negative blocks, threads or repetitions");
    const int maxThreads = ctx_.info().maxThreadsPerBlock;
    const int threads = r.threadsPerBlock ? r.threadsPerBlock : 512;
    if (threads > maxThreads) throw BackendError(what + ": " + std::to_string(threads) + " threads per block, at most " +
                                                 std::to_string(maxThreads));
    const int blocks = r.blocks ? r.blocks : lim.smCount * std::max(1, lim.maxThreadsPerSm / threads);
    const int reps = std::max(1, r.repetitions);

    cudak::ReadSweep sweep = sweepOf(r, what);
    const bool shared = sweep.path == cudak::kReadShared;

    // Copy splits the working set into source and destination halves.
    const bool copy = r.op == BandwidthOp::Copy;
    const std::size_t part = copy ? r.bytes / 2 / 16 * 16 : r.bytes / 16 * 16;
    const std::size_t pass = (copy ? 2 * part : part) * sweepsOfWorkingSet(r.sweep, blocks, threads, ctx_.info().warpSize);
    std::byte* src = nullptr;
    std::byte* dst = nullptr;
    if (!shared && sweep.path != cudak::kReadConstant) {
        DeviceBuffer& arena = ctx_.arena();
        arena.reserve(copy ? 2 * part : part, std::size_t{64} << 20, "bandwidth buffers");
        chaser_.forgetArrays();
        src = arena.data();
        dst = copy ? arena.data() + part : arena.data();
    }

    std::uint32_t inner = 1;
    if (r.target != BandwidthTarget::DeviceMemory)
        inner = static_cast<std::uint32_t>(std::clamp(bytesPerLaunch(r.target) / static_cast<double>(pass), 1.0,
                                                      static_cast<double>(kMaxInner)));
    // A broadcast counts what the lanes receive: each 16 bytes once for every lane of the warp.
    const std::size_t moved =
        pass * static_cast<std::size_t>(r.op == BandwidthOp::Read ? lanesPerLoadedByte(r.space, r.lanes, ctx_.info().warpSize) : 1);
    unsigned long long* clocks = nullptr;
    if (!copy) {
        ctx_.io().reserve(64, std::size_t{1} << 20, "the bandwidth kernel's clock");
        clocks = reinterpret_cast<unsigned long long*>(ctx_.io().data());
    }
    cudaStream_t stream = ctx_.mainStream();
    // Generous: 1 GB/s would still finish.
    const double timeout = 10.0 + static_cast<double>(moved) * inner / 1e9;
    auto timeLaunches = [&](auto enqueue) {
        float best = std::numeric_limits<float>::max();
        for (int rep = -1; rep < reps; ++rep) {  // rep -1: untimed warm-up (fills the L2, wakes the clocks)
            check(cudaEventRecord(ctx_.startEvent(), stream), "recording an event");
            enqueue();
            check(cudaEventRecord(ctx_.stopEvent(), stream), "recording an event");
            try {
                waitForEvent(ctx_.stopEvent(), timeout, what);
            } catch (const BackendError& e) {
                ctx_.markBroken(e.what());
                throw BackendError(e.what(), true);  // the context is gone: later calls fail too
            }
            float ms = 0;
            check(cudaEventElapsedTime(&ms, ctx_.startEvent(), ctx_.stopEvent()), "reading an event timer");
            if (rep >= 0) best = std::min(best, ms);
        }
        return static_cast<double>(best) * 1e-3;
    };

    ScopedTexture texture;
    if (sweep.path == cudak::kReadTexture) texture.object = sweep.texture = createLinearTexture(src, part, 4);

    BandwidthResult result;
    const double kernelSeconds = timeLaunches([&] {
        check(r.op == BandwidthOp::Read
                  ? cudak::launchRead(sweep, src, part / 16, inner, ctx_.sink(), clocks, static_cast<unsigned>(blocks),
                                      static_cast<unsigned>(threads), stream)
                  : r.op == BandwidthOp::Write
                  ? cudak::launchWrite(sweep, dst, part / 16, inner, clocks, static_cast<unsigned>(blocks),
                                       static_cast<unsigned>(threads), stream)
                  : cudak::launchCopy(src, dst, part / 16, inner, static_cast<unsigned>(blocks), static_cast<unsigned>(threads),
                                      stream),
              "launching a bandwidth kernel");
        ++ctx_.stats().bandwidthLaunches;
    });
    result.seconds = kernelSeconds / inner;
    if (clocks) result.clockHz = clockOf(clocks);  // the last repetition's
    result.gibPerSecond = static_cast<double>(moved) / result.seconds / static_cast<double>(1ull << 30);
    if (copy) {
        const double vendorSeconds = timeLaunches([&] {
            for (std::uint32_t i = 0; i < inner; ++i)
                check(cudaMemcpyAsync(dst, src, part, cudaMemcpyDeviceToDevice, stream), "cudaMemcpy device to device");
            ++ctx_.stats().bandwidthLaunches;
        });
        result.vendorCopyGibPerSecond =
            static_cast<double>(moved) * inner / vendorSeconds / static_cast<double>(1ull << 30);
    }
    return result;
}

}  // namespace ts::cuda
