// Address-sequence chase (issue 22) for AMD GPUs: lane 0 of block 0 walks an explicit list of
// addresses stored as a pointer chain; lane 0 of the first block on another CU optionally walks
// its own list between the untimed and the timed part.
#include <cstdint>

#include <hip/hip_runtime.h>

#include "amdgcn.hpp"
#include "sequence_api.hpp"

namespace ts::hipk {
namespace {

using namespace dev;

template <bool L2Only>
__device__ __forceinline__ std::uint64_t load64(std::uint64_t address) {
    std::uint64_t v;
    const auto* p = reinterpret_cast<const std::uint64_t*>(address);
    if constexpr (L2Only)
        asm volatile("global_load_dwordx2 %0, %1, off " TS_L2_BITS "\n\ts_waitcnt vmcnt(0)" : "=v"(v) : "v"(p) : "memory");
    else
        asm volatile("global_load_dwordx2 %0, %1, off\n\ts_waitcnt vmcnt(0)" : "=v"(v) : "v"(p) : "memory");
    return v;
}

template <bool L2Only>
__device__ __forceinline__ std::uint64_t timed64(std::uint64_t address, std::uint32_t& cycles) {
    std::uint64_t v, t0, t1;
    const auto* p = reinterpret_cast<const std::uint64_t*>(address);
    if constexpr (L2Only)
        asm volatile("s_waitcnt vmcnt(0) lgkmcnt(0)\n\ts_memtime %[t0]\n\ts_waitcnt lgkmcnt(0)\n\t"
                     "global_load_dwordx2 %[v], %[a], off " TS_L2_BITS "\n\t"
                     "s_waitcnt vmcnt(0) lgkmcnt(0)\n\ts_memtime %[t1]\n\ts_waitcnt lgkmcnt(0)"
                     : [v] "=&v"(v), [t0] "=&s"(t0), [t1] "=&s"(t1) : [a] "v"(p) : "memory");
    else
        asm volatile("s_waitcnt vmcnt(0) lgkmcnt(0)\n\ts_memtime %[t0]\n\ts_waitcnt lgkmcnt(0)\n\t"
                     "global_load_dwordx2 %[v], %[a], off\n\t"
                     "s_waitcnt vmcnt(0) lgkmcnt(0)\n\ts_memtime %[t1]\n\ts_waitcnt lgkmcnt(0)"
                     : [v] "=&v"(v), [t0] "=&s"(t0), [t1] "=&s"(t1) : [a] "v"(p) : "memory");
    cycles = static_cast<std::uint32_t>(t1 - t0);
    return v;
}

template <bool L2Only>
__device__ void mainSide(const SequenceParams& p) {
    writeFlag(p.ctl + kSeqMainUnit, hwId() + 1);
    std::uint64_t at = p.first;
    for (std::uint32_t k = 0; k < p.untimed; ++k) at = load64<L2Only>(p.base + at);
    if (p.otherLoads > 0) {
        __threadfence();
        writeFlag(p.ctl + kSeqWarm, 1u);
        if (!waitFlag(p.ctl + kSeqOtherDone, 1u, p.waitTicks)) atomicOr(p.ctl + kSeqStatus, 1u);
    }
    for (std::uint32_t k = 0; k < p.timed; ++k) {
        std::uint32_t cycles = 0;
        at = timed64<L2Only>(p.base + at, cycles);
        p.times[k] = cycles;
    }
    p.ctl[kSeqFinal] = static_cast<std::uint32_t>(at);
}

template <bool L2Only>
__device__ void otherSide(const SequenceParams& p) {
    const std::uint64_t start = memrealtime();
    while (readFlag(p.ctl + kSeqMainUnit) == 0)
        if (memrealtime() - start > p.waitTicks) return;
    // HW_ID bits 8..14 name the CU, SH and SE: equal bits may be the main wave's CU (another XCC
    // with the same ids is skipped too; some other block takes the role).
    constexpr std::uint32_t kCuBits = 0x7f00u;
    if ((hwId() & kCuBits) == ((readFlag(p.ctl + kSeqMainUnit) - 1) & kCuBits)) return;
    if (atomicCAS(p.ctl + kSeqOtherClaim, 0u, 1u) != 0u) return;
    writeFlag(p.ctl + kSeqOtherUnit, hwId() + 1);
    if (!waitFlag(p.ctl + kSeqWarm, 1u, p.waitTicks)) return;
    std::uint64_t at = p.otherFirst;
    for (std::uint32_t k = 0; k < p.otherLoads; ++k) at = load64<L2Only>(p.base + at);
    if (at == ~0ull) p.ctl[kSeqStatus] |= 2u;  // keeps the walk alive
    __threadfence();
    writeFlag(p.ctl + kSeqOtherDone, 1u);
}

template <bool L2Only>
__global__ void sequenceKernel(SequenceParams p) {
    if (threadIdx.x != 0) return;
    if (blockIdx.x == 0) mainSide<L2Only>(p);
    else if (p.otherLoads > 0) otherSide<L2Only>(p);
}

__global__ void scatterKernel(std::uint64_t base, const ScatterWord* words, std::uint32_t count) {
    const std::uint32_t i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < count) *reinterpret_cast<std::uint64_t*>(base + words[i].offset) = words[i].value;
}

}  // namespace

hipError_t launchSequence(const SequenceParams& p, hipStream_t s) {
    if (p.l2Only) hipLaunchKernelGGL(sequenceKernel<true>, dim3(kSequenceBlocks), dim3(64), 0, s, p);
    else hipLaunchKernelGGL(sequenceKernel<false>, dim3(kSequenceBlocks), dim3(64), 0, s, p);
    return hipGetLastError();
}

hipError_t launchScatter(std::uint64_t base, const ScatterWord* words, std::uint32_t count, hipStream_t s) {
    if (count == 0) return hipSuccess;
    hipLaunchKernelGGL(scatterKernel, dim3((count + 255) / 256), dim3(256), 0, s, base, words, count);
    return hipGetLastError();
}

}  // namespace ts::hipk
