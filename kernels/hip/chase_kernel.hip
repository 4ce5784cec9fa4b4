// The pointer-chase kernel. One launch is one block: the main chaser is wave 0 (lane work is
// uniform, so every lane of a wave issues the same load), a kOtherWave second is another
// wave of the block, a kOtherUnit second is a separate one-wave launch (role kRoleSecond) on
// another CU's pinned queue, the two meeting through flags in device memory.
#include "amdgcn.hpp"
#include "launch_api.hpp"

namespace ts::hipk {
namespace {

using namespace dev;

extern __shared__ std::uint32_t dynamicLds[];

__device__ __forceinline__ std::uint32_t ldsAddress(std::uint32_t elem) {
    return static_cast<std::uint32_t>(reinterpret_cast<std::uintptr_t>(&dynamicLds[elem]));
}

__device__ __forceinline__ const std::uint32_t* at(const Chaser& c, std::uint32_t j) {
    return reinterpret_cast<const std::uint32_t*>(c.array) + j;
}

__device__ std::uint32_t load(const Chaser& c, std::uint32_t j) {
    switch (c.path) {
        case kVector: return loadVector(at(c, j));
        case kVectorL2: return loadVectorL2(at(c, j));
        case kScalar: return loadScalar(at(c, j));
        default: return loadLds(ldsAddress(c.ldsOffsetElems + j));
    }
}

__device__ std::uint32_t timed(const Chaser& c, std::uint32_t j, std::uint32_t& cycles) {
    switch (c.path) {
        case kVector: return timedVector(at(c, j), cycles);
        case kVectorL2: return timedVectorL2(at(c, j), cycles);
        case kScalar: return timedScalar(at(c, j), cycles);
        default: return timedLds(ldsAddress(c.ldsOffsetElems + j), cycles);
    }
}

// Main: follows the chain `loads` times from `j`.
__device__ std::uint32_t follow(const Chaser& c, std::uint32_t loads, std::uint32_t j) {
    for (std::uint32_t k = 0; k < loads; ++k) j = load(c, j);
    return j;
}

// Second: computed indices, loaded values folded into a sink.
__device__ std::uint32_t sweep(const Chaser& c) {
    std::uint32_t sink = 0, j = 0;
    for (std::uint32_t k = 0; k < c.loads; ++k) {
        sink ^= load(c, j);
        j += c.strideElems;
        if (j >= c.elems) j -= c.elems;
    }
    return sink;
}

__device__ void fillLds(const Chaser& c) {
    for (std::uint32_t i = threadIdx.x; i < c.elems; i += blockDim.x) {
        std::uint32_t next = i + c.strideElems;
        dynamicLds[c.ldsOffsetElems + i] = next >= c.elems ? next % c.elems : next;
    }
}

__device__ void runSecondUnit(const ChaseParams& p) {
    auto* header = reinterpret_cast<ResultHeader*>(p.results);
    auto* flags = reinterpret_cast<std::uint32_t*>(p.flags);
    if (p.second.path == kLds) fillLds(p.second);
    __syncthreads();
    const std::uint32_t hw = hwId(), xcc = xccId();
    std::uint32_t status = 0, sink = 0;
    if (waitFlag(&flags[kFlagWarm], p.epoch, p.timeoutTicks)) sink = sweep(p.second);
    else status = kStatusNoWarmSignal;
    if (threadIdx.x == 0) {
        header->secondHwId = hw;
        header->secondXccId = xcc;
        header->secondEpoch = p.epoch;
        if (status) atomicOr(&header->status, status);
        atomicXor(&header->sink, sink);
    }
    __threadfence();
    if (threadIdx.x == 0) writeFlag(&flags[kFlagDone], p.epoch);
}

__global__ void chaseKernel(ChaseParams p, std::uint32_t role) {
    if (role == kRoleSecond) {
        runSecondUnit(p);
        return;
    }
    auto* header = reinterpret_cast<ResultHeader*>(p.results);
    auto* times = reinterpret_cast<std::uint32_t*>(p.results + sizeof(ResultHeader));
    auto* flags = reinterpret_cast<std::uint32_t*>(p.flags);
    // Wave-uniform, and the compiler must know it: a branch on it then jumps over the other
    // waves' code instead of masking it, and masked-off waves would still run scalar loads.
    const std::uint32_t wave = __builtin_amdgcn_readfirstlane(threadIdx.x / kWaveSize);
    if (p.main.path == kLds) fillLds(p.main);
    if (p.secondMode != kNoSecond && p.second.path == kLds) fillLds(p.second);
    __syncthreads();

    std::uint32_t status = 0, sink = 0;
    if (wave == 0) {
        follow(p.main, p.main.loads, 0);
        if (p.secondMode == kSameWave) sink = sweep(p.second);
    }
    if (p.secondMode == kOtherWave) {
        __syncthreads();
        if (wave == p.secondWave) {
            sink = sweep(p.second);
            if (threadIdx.x % kWaveSize == 0) {
                header->secondHwId = hwId();
                header->secondXccId = xccId();
                header->secondEpoch = p.epoch;
                atomicXor(&header->sink, sink);
            }
        }
        __syncthreads();
    }
    if (wave != 0) return;
    if (p.secondMode == kOtherUnit) {
        if (threadIdx.x == 0) writeFlag(&flags[kFlagWarm], p.epoch);
        if (!waitFlag(&flags[kFlagDone], p.epoch, p.timeoutTicks)) status |= kStatusPartnerLate;
    }

    std::uint32_t j = 0;
    for (std::uint32_t k = 0; k < p.recordLoads; ++k) {
        std::uint32_t cycles = 0;
        j = timed(p.main, j, cycles);
        if (p.recordEvery > 1) j = follow(p.main, p.recordEvery - 1, j);
        if (threadIdx.x == 0) {
            if (p.timesInLds) dynamicLds[p.timesLdsOffsetElems + k] = cycles;
            else times[k] = cycles;
        }
    }
    if (threadIdx.x == 0) {
        if (p.timesInLds)
            for (std::uint32_t k = 0; k < p.recordLoads; ++k) times[k] = dynamicLds[p.timesLdsOffsetElems + k];
        header->mainHwId = hwId();
        header->mainXccId = xccId();
        if (status) atomicOr(&header->status, status);
        atomicXor(&header->sink, sink ^ j);
        __threadfence();
        header->epoch = p.epoch;
    }
}

}  // namespace

hipError_t launchChase(const ChaseParams& p, Role role, unsigned threads, std::size_t ldsBytes, hipStream_t s) {
    hipLaunchKernelGGL(chaseKernel, dim3(1), dim3(threads), ldsBytes, s, p, static_cast<std::uint32_t>(role));
    return hipGetLastError();
}

}  // namespace ts::hipk
