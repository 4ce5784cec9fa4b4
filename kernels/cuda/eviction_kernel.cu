// One eviction test (issue 22, engine/backend/eviction_test.hpp) with the pool loaded by a whole
// block: thread 0 loads the target, then `passes` times the chosen lines one by one and all threads the
// pool prefix, then thread 0 loads the refresh line and times the target again. A sequence chase visits a pool of an L2's
// size one load after another (some 0.1 s a test); a block on one SM loads it in about 1 ms.
#include <cstdint>

#include "backend/scattered_pool.hpp"
#include "chase_abi.hpp"
#include "device_primitives.cuh"
#include "sequence_abi.hpp"

namespace ts::cudak {
namespace {

using namespace dev;

constexpr unsigned kEvictionThreads = 1024;
constexpr unsigned kUnroll = 4;  // independent loads in flight per thread (8 spill registers at 1024 threads)

// Pool lines [0, prefix), kUnroll loads issued before their values are used.
template <std::uint32_t S>
__device__ std::uint64_t loadPool(const EvictionLaunch& p) {
    std::uint64_t sink = 0;
    std::uint64_t k = threadIdx.x;
    const auto line = [&](std::uint64_t i) { return p.base + scatteredPoolLine(p.seed, p.bits, i) * p.lineBytes; };
    for (; k + (kUnroll - 1) * kEvictionThreads < p.prefix; k += kUnroll * kEvictionThreads) {
        std::uint64_t v[kUnroll];
#pragma unroll
        for (unsigned u = 0; u < kUnroll; ++u) v[u] = load64<S>(line(k + u * kEvictionThreads));
#pragma unroll
        for (unsigned u = 0; u < kUnroll; ++u) sink ^= v[u];
    }
    for (; k < p.prefix; k += kEvictionThreads) sink ^= load64<S>(line(k));
    return sink;
}

// The chosen lines one after another, each load's address depending on the load before (plus
// a zero computed from its value): lines of one set loaded at once by the lanes of a warp evicted
// the target on an H200 where the same lines one by one all fitted.
template <std::uint32_t S>
__device__ std::uint64_t loadChosen(const EvictionLaunch& p) {
    std::uint64_t zero = 0, sink = 0;
    for (std::uint32_t k = 0; k < p.chosenCount; ++k) {
        const std::uint64_t v = load64<S>(p.base + p.chosen[k] + zero);
        asm volatile("and.b64 %0, %1, 0;" : "=l"(zero) : "l"(v));
        sink ^= v;
    }
    return sink ^ zero;
}

// A barrier does not wait for loads whose values are not used yet: each thread branches on what
// it loaded before it, or the timed load would queue behind pool loads still in flight and pass
// for a miss. (A shared array for the values would shrink the L1 the test measures.)
__device__ __forceinline__ void barrierAfterLoads(std::uint32_t* flag, std::uint64_t sink) {
    if (sink == 0x5a5a5a5a5a5a5a5aull) atomicOr(flag, 1u);
    __syncthreads();
}

template <std::uint32_t S>
__global__ void __launch_bounds__(kEvictionThreads) evictionKernel(EvictionLaunch p) {
    __shared__ std::uint32_t slot;
    std::uint64_t sink = 0;
    if (threadIdx.x == 0) sink = load64<S>(p.base);
    barrierAfterLoads(p.out + 2, sink);
    for (std::uint32_t pass = 0; pass < p.passes; ++pass) {
        if (threadIdx.x == 0) sink ^= loadChosen<S>(p);
        barrierAfterLoads(p.out + 2, sink);
        sink ^= loadPool<S>(p);
        barrierAfterLoads(p.out + 2, sink);
    }
    if (threadIdx.x == 0) {
        std::uint64_t a = p.base;
        if (p.refresh != 0) {  // the target's page translated again; the timed load waits for it
            const std::uint64_t r = load64<S>(p.base + p.refresh);
            std::uint64_t zero;
            asm volatile("and.b64 %0, %1, 0;" : "=l"(zero) : "l"(r));
            a += zero;
        }
        std::uint32_t s = sharedAddr(&slot);
        asm volatile("" : "+l"(a), "+r"(s));
        const std::uint64_t t0 = clockNow();
        const std::uint64_t v = load64<S>(a);
        stShared(s, static_cast<std::uint32_t>(v));
        const std::uint64_t t1 = clockNow();
        p.out[0] = static_cast<std::uint32_t>(t1 - t0);
        p.out[1] = smId() + 1;
        sink ^= slot;
    }
}

}  // namespace

cudaError_t prepareEvictionKernels() {
    for (cudaError_t e : {cudaFuncSetAttribute(evictionKernel<kGlobal>, cudaFuncAttributePreferredSharedMemoryCarveout, 0),
                          cudaFuncSetAttribute(evictionKernel<kGlobalL2>, cudaFuncAttributePreferredSharedMemoryCarveout, 0),
                          cudaFuncSetAttribute(evictionKernel<kReadOnly>, cudaFuncAttributePreferredSharedMemoryCarveout, 0)})
        if (e != cudaSuccess) return e;
    return cudaSuccess;
}

cudaError_t launchEviction(const EvictionLaunch& p, cudaStream_t s) {
    switch (p.space) {
        case kGlobal: evictionKernel<kGlobal><<<1, kEvictionThreads, 0, s>>>(p); break;
        case kGlobalL2: evictionKernel<kGlobalL2><<<1, kEvictionThreads, 0, s>>>(p); break;
        case kReadOnly: evictionKernel<kReadOnly><<<1, kEvictionThreads, 0, s>>>(p); break;
        default: return cudaErrorInvalidValue;
    }
    return cudaGetLastError();
}

}  // namespace ts::cudak
