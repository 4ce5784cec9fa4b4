// Address-sequence chase (issue 22): one thread walks an explicit list of addresses stored as a
// pointer chain, optionally with a second thread on another SM walking its own list between the
// untimed and the timed part. Timing as in the chase kernel: clock, load, dependent shared store,
// clock.
#include <cstdint>

#include "chase_abi.hpp"
#include "device_primitives.cuh"
#include "sequence_abi.hpp"

namespace ts::cudak {
namespace {

using namespace dev;

constexpr unsigned kRing = 1024;  // shared latency slots, reused round robin

template <std::uint32_t S>
__device__ std::uint64_t walk(std::uint64_t base, std::uint64_t at, std::uint32_t loads) {
    for (std::uint32_t k = 0; k < loads; ++k) at = load64<S>(base + at);
    return at;
}

template <std::uint32_t S>
__device__ std::uint64_t timedWalk(std::uint64_t base, std::uint64_t at, std::uint32_t loads, std::uint32_t* times,
                                   std::uint32_t* ring) {
    for (std::uint32_t k = 0; k < loads; ++k) {
        std::uint64_t a = base + at;
        std::uint32_t slot = sharedAddr(ring + k % kRing);
        asm volatile("" : "+l"(a), "+r"(slot));
        const std::uint64_t t0 = clockNow();
        const std::uint64_t v = load64<S>(a);
        stShared(slot, static_cast<std::uint32_t>(v));
        const std::uint64_t t1 = clockNow();
        // The slot now holds the latency (an add, as in the chase kernel: a second plain store
        // would let ptxas drop the first, and with it the wait for the load). Latencies go out
        // 1024 at a time: a global store after each load would translate the results' page
        // every load and hold a TLB entry for good. (No fence: it would empty the L1.)
        redSharedAdd(slot, static_cast<std::uint32_t>(t1 - t0) - static_cast<std::uint32_t>(v));
        at = v;
        if ((k + 1) % kRing == 0 || k + 1 == loads)
            for (std::uint32_t j = k - k % kRing; j <= k; ++j) times[j] = ring[j % kRing];
    }
    return at;
}

__device__ bool waitFlag(const std::uint32_t* flag, std::uint64_t waitNs) {
    const std::uint64_t start = globalTimerNs();
    while (atomicAdd(const_cast<std::uint32_t*>(flag), 0u) == 0) {
        if (globalTimerNs() - start > waitNs) return false;
        __nanosleep(200);
    }
    return true;
}

template <std::uint32_t S>
__device__ void mainSide(const SequenceLaunch& p, std::uint32_t* ring) {
    atomicExch(p.ctl + kSeqMainSm, smId() + 1);
    std::uint64_t at = walk<S>(p.base, p.first, p.untimed);
    if (p.otherLoads > 0) {
        __threadfence();
        atomicExch(p.ctl + kSeqWarm, 1u);
        if (!waitFlag(p.ctl + kSeqOtherDone, p.waitNs)) atomicOr(p.ctl + kSeqStatus, 1u);
    }
    at = timedWalk<S>(p.base, at, p.timed, p.times, ring);
    p.ctl[kSeqFinal] = static_cast<std::uint32_t>(at);
}

template <std::uint32_t S>
__device__ void otherSide(const SequenceLaunch& p) {
    if (p.otherSm != 0 && smId() + 1 != p.otherSm) return;
    if (!waitFlag(p.ctl + kSeqMainSm, p.waitNs)) return;
    if (smId() + 1 == atomicAdd(p.ctl + kSeqMainSm, 0u)) return;      // same SM as the main chaser
    if (atomicCAS(p.ctl + kSeqOtherClaim, 0u, 1u) != 0u) return;        // another block has the role
    atomicExch(p.ctl + kSeqOtherSm, smId() + 1);
    if (!waitFlag(p.ctl + kSeqWarm, p.waitNs)) return;
    const std::uint64_t end = walk<S>(p.base, p.otherFirst, p.otherLoads);
    if (end == ~0ull) p.ctl[kSeqStatus] |= 2u;  // keeps the walk alive
    __threadfence();
    atomicExch(p.ctl + kSeqOtherDone, 1u);
}

template <std::uint32_t S>
__global__ void sequenceKernel(SequenceLaunch p) {
    __shared__ std::uint32_t ring[kRing];
    if (threadIdx.x != 0) return;
    const bool main = p.mainSm == 0 ? blockIdx.x == 0
                                    : smId() + 1 == p.mainSm && atomicCAS(p.ctl + kSeqMainClaim, 0u, 1u) == 0u;
    if (main) mainSide<S>(p, ring);
    else if (p.otherLoads > 0) otherSide<S>(p);
}

__global__ void scatterKernel(std::uint64_t base, const ScatterWord* words, std::uint32_t count) {
    const std::uint32_t i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < count) *reinterpret_cast<std::uint64_t*>(base + words[i].offset) = words[i].value;
}

}  // namespace

cudaError_t launchSequence(const SequenceLaunch& p, unsigned blocks, cudaStream_t s) {
    switch (p.space) {
        case kGlobal: sequenceKernel<kGlobal><<<blocks, 32, 0, s>>>(p); break;
        case kGlobalL2: sequenceKernel<kGlobalL2><<<blocks, 32, 0, s>>>(p); break;
        case kReadOnly: sequenceKernel<kReadOnly><<<blocks, 32, 0, s>>>(p); break;
        default: return cudaErrorInvalidValue;
    }
    return cudaGetLastError();
}

cudaError_t prepareSequenceKernels() {
    // Without the hint the driver may pick a large shared-memory carveout for this kernel (it
    // uses 4 KiB of it), leaving an L1 far smaller than the one the chase kernel measured: on an
    // H100 90 % of the measured L1 size in scattered lines then all missed.
    for (cudaError_t e : {cudaFuncSetAttribute(sequenceKernel<kGlobal>, cudaFuncAttributePreferredSharedMemoryCarveout, 0),
                          cudaFuncSetAttribute(sequenceKernel<kGlobalL2>, cudaFuncAttributePreferredSharedMemoryCarveout, 0),
                          cudaFuncSetAttribute(sequenceKernel<kReadOnly>, cudaFuncAttributePreferredSharedMemoryCarveout, 0)})
        if (e != cudaSuccess) return e;
    return cudaSuccess;
}

cudaError_t launchScatter(std::uint64_t base, const ScatterWord* words, std::uint32_t count, cudaStream_t s) {
    if (count == 0) return cudaSuccess;
    scatterKernel<<<(count + 255) / 256, 256, 0, s>>>(base, words, count);
    return cudaGetLastError();
}

}  // namespace ts::cudak
