// Device-side building blocks of the CUDA backend: special registers, single loads through
// each memory path (inline PTX, so the compiler neither merges nor moves them), and flags.
#pragma once
#include <cstdint>

#include "chase_abi.hpp"

namespace ts::cudak::dev {

__device__ __forceinline__ std::uint32_t smId() {
    std::uint32_t r;
    asm volatile("mov.u32 %0, %%smid;" : "=r"(r));
    return r;
}

__device__ __forceinline__ std::uint64_t globalTimerNs() {
    std::uint64_t t;
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
    return t;
}

// SM cycle counter. The 64-bit read compiles to CS2R for both reads of a pair (a 32-bit read
// may become S2UR, whose cost differs); latencies use the low 32 bits of the difference.
// The "memory" clobber keeps the compiler from moving loads across it.
__device__ __forceinline__ std::uint64_t clockNow() {
    std::uint64_t t;
    asm volatile("mov.u64 %0, %%clock64;" : "=l"(t)::"memory");
    return t;
}

__device__ __forceinline__ std::uint32_t ldCa(const std::uint32_t* p) {
    std::uint32_t v;
    asm volatile("ld.global.ca.u32 %0, [%1];" : "=r"(v) : "l"(p) : "memory");
    return v;
}
__device__ __forceinline__ std::uint32_t ldCg(const std::uint32_t* p) {
    std::uint32_t v;
    asm volatile("ld.global.cg.u32 %0, [%1];" : "=r"(v) : "l"(p) : "memory");
    return v;
}
__device__ __forceinline__ std::uint32_t ldNc(const std::uint32_t* p) {
    std::uint32_t v;
    asm volatile("ld.global.nc.u32 %0, [%1];" : "=r"(v) : "l"(p) : "memory");
    return v;
}
// One 8-byte load through the path of SpaceCode S (kGlobal, kGlobalL2 or kReadOnly): the
// address-sequence and eviction-test kernels load 8-byte words.
template <std::uint32_t S>
__device__ __forceinline__ std::uint64_t load64(std::uint64_t address) {
    std::uint64_t v;
    if constexpr (S == kGlobalL2) asm volatile("ld.global.cg.u64 %0, [%1];" : "=l"(v) : "l"(address) : "memory");
    else if constexpr (S == kReadOnly) asm volatile("ld.global.nc.u64 %0, [%1];" : "=l"(v) : "l"(address) : "memory");
    else asm volatile("ld.global.ca.u64 %0, [%1];" : "=l"(v) : "l"(address) : "memory");
    return v;
}

__device__ __forceinline__ std::uint32_t ldTex(std::uint64_t tex, std::uint32_t index) {
    std::uint32_t x;
    asm volatile(
        "{\n\t.reg .u32 t1, t2, t3;\n\t"
        "tex.1d.v4.u32.s32 {%0, t1, t2, t3}, [%1, {%2}];\n\t}"
        : "=r"(x)
        : "l"(tex), "r"(index)
        : "memory");
    return x;
}
// `bankBase` is the constant-space address of a __constant__ array (see constBase below).
__device__ __forceinline__ std::uint32_t ldConstAt(std::uint64_t address) {
    std::uint32_t v;
    asm volatile("ld.const.u32 %0, [%1];" : "=r"(v) : "l"(address) : "memory");
    return v;
}
__device__ __forceinline__ std::uint32_t ldConst(std::uint64_t bankBase, std::uint32_t index) {
    return ldConstAt(bankBase + 4ull * index);
}
__device__ __forceinline__ std::uint32_t ldShared(std::uint32_t addr) {
    std::uint32_t v;
    asm volatile("ld.shared.u32 %0, [%1];" : "=r"(v) : "r"(addr) : "memory");
    return v;
}
__device__ __forceinline__ void stShared(std::uint32_t addr, std::uint32_t v) {
    asm volatile("st.shared.u32 [%0], %1;" ::"r"(addr), "r"(v) : "memory");
}
// Adds to a shared word. The timed pass first stores the loaded value into its latency slot
// (the store's issue waits for the load) and then adds (latency - value): a plain second store
// would let ptxas drop the first as dead, and with it the wait.
__device__ __forceinline__ void redSharedAdd(std::uint32_t addr, std::uint32_t v) {
    asm volatile("red.shared.add.u32 [%0], %1;" ::"r"(addr), "r"(v) : "memory");
}
__device__ __forceinline__ std::uint32_t sharedAddr(const void* p) {
    return static_cast<std::uint32_t>(__cvta_generic_to_shared(p));
}

// Cross-block flags, always in L2. Readers use relaxed GPU-scope loads: an acquire load (and
// __threadfence) compiles to CCTL.IVALL, which would empty the L1 of the SM under test. Writers
// use st.release (MEMBAR + strong store, no invalidation) after L2-only (st.cg) data stores.
__device__ __forceinline__ std::uint32_t ldFlag(const std::uint32_t* p) {
    std::uint32_t v;
    asm volatile("ld.relaxed.gpu.global.u32 %0, [%1];" : "=r"(v) : "l"(p) : "memory");
    return v;
}
__device__ __forceinline__ void stRelease(std::uint32_t* p, std::uint32_t v) {
    asm volatile("st.release.gpu.global.u32 [%0], %1;" ::"l"(p), "r"(v) : "memory");
}

// Block-wide broadcast of thread 0's value in [-1, 4094] without touching memory: one
// barrier-reduction per bit (a global-memory round trip would need a fence, and fences
// invalidate the L1; shared memory may be entirely taken by the array under test).
__device__ __forceinline__ int broadcastFromThread0(int value) {
    if (blockDim.x <= 32) return __shfl_sync(0xffffffffu, value, 0);
    const unsigned u = static_cast<unsigned>(value + 1);
    unsigned out = 0;
    for (int b = 0; b < 12; ++b) {
        const int bit = __syncthreads_or(threadIdx.x == 0 && ((u >> b) & 1u));
        out |= static_cast<unsigned>(bit != 0) << b;
    }
    return static_cast<int>(out) - 1;
}

// Next index after loading `v`: `v` is i + stride, possibly not yet reduced (constant banks
// hold i + stride for every array length), so wrap it; `delta` re-strides a chaser that walks
// another chaser's array (sameArray).
__device__ __forceinline__ std::uint32_t nextIndex(std::uint32_t v, std::uint32_t elems, std::uint32_t delta) {
    if (delta == 0) return v < elems ? v : v % elems;
    return static_cast<std::uint32_t>((static_cast<std::uint64_t>(v) + delta) % elems);
}

// Spin until *flag == want or the deadline passes; true when it came.
__device__ __forceinline__ bool waitFlag(const std::uint32_t* flag, std::uint32_t want, std::uint64_t waitNs) {
    const std::uint64_t start = globalTimerNs();
    while (ldFlag(flag) != want) {
        if (globalTimerNs() - start > waitNs) return false;
        __nanosleep(128);
    }
    return true;
}

// Claim one of the (up to kRoleSlots) roles the role table assigns to this SM.
// atomicMax with a per-launch increasing epoch needs no reset between launches.
__device__ __forceinline__ int claimRole(const int* roleTable, std::uint32_t tableRows, std::uint32_t* claims,
                                         std::uint32_t epoch, std::uint32_t sm, bool twoRolesPerJob) {
    if (sm >= tableRows) return -1;
    const int4 row = __ldcg(reinterpret_cast<const int4*>(roleTable) + sm);
    const int codes[kRoleSlots] = {row.x, row.y, row.z, row.w};
#pragma unroll
    for (std::uint32_t k = 0; k < kRoleSlots; ++k) {
        const int code = codes[k];
        if (code < 0) continue;
        const std::uint32_t slot = twoRolesPerJob ? static_cast<std::uint32_t>(code >> 2) * 2 + (code & 3)
                                                  : static_cast<std::uint32_t>(code);
        if (atomicMax(&claims[slot], epoch) < epoch) return code;
    }
    return -1;
}

// Copy a job descriptor without allocating it in L1 (it would take room from the cache under test).
__device__ __forceinline__ ChaseJob loadJob(const ChaseJob* jobs, std::uint32_t index) {
    ChaseJob job;
    const uint4* src = reinterpret_cast<const uint4*>(jobs + index);
    uint4* dst = reinterpret_cast<uint4*>(&job);
#pragma unroll
    for (unsigned i = 0; i < sizeof(ChaseJob) / 16; ++i) dst[i] = __ldcg(src + i);
    return job;
}

}  // namespace ts::cudak::dev
