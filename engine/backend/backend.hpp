#pragma once
#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "backend/gpu_activity.hpp"
#include "backend/sequence_chase.hpp"
#include "model/device_info.hpp"
#include "model/space.hpp"

namespace ts {

struct EvictionTest;   // backend/eviction_test.hpp

// Where a second chaser runs, relative to the main chaser (warp 0 of unit `unit`).
enum class Placement {
    SameThread,  // same thread, right after the main warm-up
    OtherWarp,   // warp `warp` of the same SM/CU (another sub-core when warp % 4 != 0)
    OtherUnit,   // warp 0 of logical unit `unit`
};

struct SecondChaser {
    Space space = Space::Global;
    std::uint64_t arrayBytes = 0;
    std::uint32_t strideBytes = 0;
    std::uint32_t passes = 1;      // passes over its array
    Placement placement = Placement::SameThread;
    int warp = 0;                  // OtherWarp
    int unit = -1;                 // OtherUnit: logical unit index
    bool sameArray = false;        // chase the main chaser's own array instead of a separate one
    // OtherUnit only, global spaces (not texture): the whole block on `unit` reads the chaser's
    // elements (every strideBytes) in address order, `passes` times, instead of one thread
    // walking them: the same lines read from the same SM, the same cache state afterwards, in
    // about a millisecond for an L2-sized array where the walk takes tens. The HIP backend
    // rejects it (not implemented there yet).
    bool blockRead = false;
};

// One pointer chase: array[i] holds the index of element (i + stride) mod arrayBytes.
// Sequence: `warmupPasses` full passes (untimed), then the second chaser if any,
// then `recordLoads` timed loads (every `recordEvery`-th one) continuing from the start of the array.
struct ChaseRequest {
    Space space = Space::Global;
    std::uint64_t arrayBytes = 0;
    std::uint32_t strideBytes = 4;
    std::uint32_t warmupPasses = 1;
    std::uint32_t recordLoads = 256;
    // Time every n-th load of the timed pass (the loads between run untimed), so a few hundred
    // samples can span a whole array: 1 = consecutive loads.
    std::uint32_t recordEvery = 1;
    int unit = 0;                  // logical SM/CU index; -1 = any
    std::optional<SecondChaser> second;
    // The warm-up passes are read by every thread of one full block on `unit`: the chase's
    // elements (every strideBytes) in address order, through the request's load path, instead of
    // walked by the chaser: an L2-sized array is warm in about a millisecond, where a dependent
    // walk takes tens. Global spaces only; a second chaser comes after it. The HIP backend
    // rejects it (not implemented there yet).
    bool blockWarmup = false;
    // With blockWarmup: the block stores the chain's own values to the elements instead of reading
    // them (st.global / a vector store, the space's default write): what a store leaves in each
    // cache. After flushL2First, the timed pass tells whether a cache took the stored lines
    // (write-allocate: they hit there) or passed them on. No permutation; the HIP backend rejects it.
    bool storeWarmup = false;
    // 0: element i holds i + strideBytes. Otherwise it holds i + permutationStepBytes (mod the
    // array): a multiple of strideBytes whose count of strides is co-prime with the array's, so
    // the chase is still one cycle over every strideBytes-aligned element, in the order the step
    // makes (a few thousand loads can span the whole array); a pass stays arrayBytes / strideBytes
    // loads. Global spaces only; a sameArray second chaser still walks (or reads) every
    // strideBytes-aligned element of its own stride. The HIP backend rejects it.
    std::uint64_t permutationStepBytes = 0;
    // The main array starts at least this far into the memory the backend keeps for chase
    // arrays: the same virtual layout on other physical pages, for caches that home a line by
    // its physical address. A hint: a backend without such memory (the simulator) ignores it.
    std::uint64_t placementOffsetBytes = 0;
    // Evict the L2 before the chase, as before a cold one (warmupPasses 0), so that it starts
    // from the same cache state whatever ran before. The simulator starts every chase empty.
    bool flushL2First = false;
    // Measured beside a series' analysed rows, for its plot (a size sweep's rows past its knee)
    // or as a reference outside the sweep (the sampled size search's miss reference), never as
    // one of the rows a change point is sought in. The simulator draws their noise from a stream
    // of its own: adding them moves no other simulated result.
    bool shownOnly = false;
};

struct ChaseResult {
    std::vector<std::uint32_t> latencies;  // cycles per timed load, timer overhead included
    int ranOnUnit = -1;                    // physical id the main chaser reported (%smid / HW_ID)
    int secondRanOnUnit = -1;
    // Where the backend watches the main chaser between its timed loads too (warm-up, a
    // same-thread second chaser, loop overhead, untimed loads): the longest step it saw, in
    // cycles. A time slice of another context there shows as millions of cycles.
    bool untimedWatched = false;
    std::uint32_t maxUntimedStep = 0;
};

// The level a request aims at. It only sizes a GPU backend's launches (small working sets are
// swept many times a launch); which level serves the loads follows from the working set, the
// space and the sweep (the simulator finds it through its caches).
// L3: a working set that the L3 (AMD Infinity Cache) holds and the L2 does not.
enum class BandwidthTarget { L2, L3, DeviceMemory, L1, Scratchpad };
enum class BandwidthOp { Read, Write, Copy };

// How a bandwidth kernel's threads cover the working set.
enum class BandwidthSweep {
    Grid,        // the whole grid sweeps `bytes` once a pass, each thread a grid's width apart
    EveryBlock,  // every block sweeps all of `bytes` itself (an SM-private level: L1, shared memory)
    EveryWarp,   // every warp sweeps all of `bytes` itself (a cache too small to share out among a
                 // block's warps: the constant cache); global spaces only
};

// What the lanes of a warp load at once.
enum class LaneAccess {
    Own,        // each lane its own 16 bytes (a warp 512 bytes of consecutive addresses)
    Broadcast,  // every lane of a warp the same 16 bytes, the block's warps splitting the working
                // set; the bytes counted are those the lanes receive (16 times the warp's lanes)
};

struct BandwidthRequest {
    BandwidthTarget target = BandwidthTarget::DeviceMemory;
    BandwidthOp op = BandwidthOp::Read;
    std::uint64_t bytes = 0;      // working set (bytes read or written once per repetition)
    int blocks = 0;               // grid size
    int threadsPerBlock = 0;
    int repetitions = 1;
    // The loads' path: global loads that skip the SM/CU-private caches (ld.global.cg, AMD's GLC)
    // unless another space is named; Shared/Lds sweep the block's own scratchpad. On AMD the
    // global spaces stand for the vector ones.
    Space space = Space::GlobalL2;
    BandwidthSweep sweep = BandwidthSweep::Grid;
    int loadsInFlight = 4;        // independent 16-byte loads (or stores) a thread has outstanding: 1, 2, 4 or 8
    // Space::Scalar (AMD's s_load) is one 16-byte load a wavefront whatever this says, the block's
    // wavefronts splitting the working set: each byte counted once.
    LaneAccess lanes = LaneAccess::Own;
};

// The request's own accounting, one rule for every backend: how often one pass sweeps the working
// set (once for the grid, once a block, once a warp), and how many lanes receive each byte a read
// loads (a warp's for a broadcast, but AMD's scalar loads bring a wavefront 16 bytes once).
inline std::uint64_t sweepsOfWorkingSet(BandwidthSweep sweep, int blocks, int threadsPerBlock, int warpSize) {
    const auto b = static_cast<std::uint64_t>(blocks);
    switch (sweep) {
        case BandwidthSweep::EveryBlock: return b;
        case BandwidthSweep::EveryWarp: return b * static_cast<std::uint64_t>((threadsPerBlock + warpSize - 1) / warpSize);
        default: return 1;
    }
}
inline int lanesPerLoadedByte(Space space, LaneAccess lanes, int warpSize) {
    return lanes == LaneAccess::Broadcast && space != Space::Scalar ? warpSize : 1;
}

struct BandwidthResult {
    double seconds = 0;           // best time of the repetitions
    double gibPerSecond = 0;      // bytes moved per second, GiB/s
    double vendorCopyGibPerSecond = 0;  // cudaMemcpy D2D or hipMemcpy beside ours (Copy only; 0 = not measured)
    // The SM clock while the kernel ran (its cycle counter against the global timer), Hz; 0 = not
    // measured. Reads and writes.
    double clockHz = 0;
};

// Thread-block clusters (NVIDIA sm_90 and later): launches of as many clusters of `clusterSize`
// blocks as can run at once, one block per SM, each block naming the SM it ran on.
struct ClusterPlacementRequest {
    int clusterSize = 2;
    int launches = 1;
};

struct PlacedCluster {
    int launch = 0;
    std::vector<int> units;  // the SM (%smid) of each block of the cluster, in block order
};

struct ClusterPlacement {
    int maxActiveClusters = 0;  // what the occupancy API allows at once; 0 = this size cannot run
    std::vector<PlacedCluster> clusters;
};

// A primitive could not run: driver error, out of memory, kernel fault, unsupported space.
// `deviceLost`: the device cannot be used any more (a kernel fault broke the context, a kernel
// hung past the watchdog); every later call would fail too, so the engine stops calling it.
class BackendError : public std::runtime_error {
public:
    explicit BackendError(const std::string& what, bool deviceLost = false)
        : std::runtime_error(what), deviceLost_(deviceLost) {}
    bool deviceLost() const { return deviceLost_; }

private:
    bool deviceLost_ = false;
};

// The only thing a GPU backend implements. All benchmark logic sits above it. Every call is pure:
// a device backend takes the usual answers of the optional ones from DeviceBackend
// (backend/device_backend.hpp), a wrapper passes them all on through ForwardingBackend
// (backend/forwarding_backend.hpp), which fails to build when a call is added here and not there.
class Backend {
public:
    virtual ~Backend() = default;
    virtual std::string kind() const = 0;       // "sim", "cuda", "hip"
    virtual DeviceInfo queryDevice() = 0;
    virtual bool supports(Space space) const = 0;
    // Largest array one chaser can walk in `space` (constant: one bank; shared: one block's share).
    // A second chaser in Space::Constant may exceed it: the backend spreads its array over the
    // constant banks of several modules.
    virtual std::uint64_t maxArrayBytes(Space space) const = 0;
    // Cycles a back-to-back pair of timer reads costs, one sample per element.
    virtual std::vector<std::uint32_t> measureTimerOverhead(int samples) = 0;
    virtual ChaseResult chase(const ChaseRequest& request) = 0;
    // Independent chases; a backend may run them concurrently (e.g. one block per SM in one launch).
    // Callers only batch requests that cannot disturb each other: distinct units and spaces whose
    // first level is private to the unit. Results come back in request order.
    virtual std::vector<ChaseResult> chaseBatch(const std::vector<ChaseRequest>& requests) = 0;
    virtual BandwidthResult bandwidth(const BandwidthRequest& request) = 0;
    // A chase over an explicit address list (latencies of the loads from timedFrom on). Backends
    // without it throw a BackendError, and the benchmarks that need it report why they could not.
    virtual ChaseResult chaseSequence(const SequenceChase& request) = 0;
    // Where chases with translationWalk set go.
    virtual TranslationWalkSpace translationWalkSpace(Space space) = 0;
    // Latency (cycles) of the target line after one eviction test.
    virtual std::uint32_t evictionTest(const EvictionTest& test) = 0;
    // Largest cache (in lines) whose eviction-set search is worth its cost on this backend: the
    // search runs some 16 x lines x ways loads.
    virtual std::uint64_t maxEvictionSearchLines() const = 0;
    // Gives back the memory sequence chases hold (the TLB walks may take most of the device).
    virtual void releaseSequenceMemory() = 0;
    // Where the blocks of thread-block clusters run. Backends without clusters throw a BackendError
    // that says why; the layout benchmark then reports it undecided.
    virtual ClusterPlacement clusterPlacement(const ClusterPlacementRequest& request) = 0;
    // Other processes on the GPU as the driver sees them (known = false where it cannot tell).
    virtual GpuActivity activity() = 0;
    // Waits while the GPU is left to others (the engine's back-off on a shared GPU). A
    // simulated neighbour's time moves on instead (fault injection), so tests need not sleep.
    virtual void pause(std::chrono::milliseconds duration) = 0;
};

}  // namespace ts
