// AMDGCN inline assembly for the chase: one timed load per path, the timers and the
// hardware identity registers. Device code only; included by the .hip files.
#pragma once
#include <cstdint>

#include <hip/hip_runtime.h>

#include "chase_abi.hpp"

#if defined(__gfx940__) || defined(__gfx941__) || defined(__gfx942__)
#define TS_GFX94X 1
// gfx94x names the cache-policy bits by scope: sc1 alone is agent scope, which misses the
// CU-local vL1 and is served by the L2.
#define TS_L2_BITS "sc1"
#elif defined(__gfx90a__) || defined(__gfx908__)
#define TS_L2_BITS "glc"
#elif defined(__HIP_DEVICE_COMPILE__)
#error "TopoScope HIP kernels: only gfx908, gfx90a and gfx94x are written (set TOPOSCOPE_HIP_ARCHS)"
#else
#define TS_L2_BITS ""  // host pass: device bodies are parsed, never assembled
#endif

namespace ts::hipk::dev {

// 64-bit shader clock (the "cycles" of every latency), read with no memory operation in flight.
__device__ __forceinline__ std::uint64_t memtime() {
    std::uint64_t t;
    asm volatile("s_waitcnt vmcnt(0) lgkmcnt(0)\n\ts_memtime %0\n\ts_waitcnt lgkmcnt(0)" : "=s"(t)::"memory");
    return t;
}

// Constant 100 MHz clock, for timeouts in nanoseconds.
__device__ __forceinline__ std::uint64_t memrealtime() {
    std::uint64_t t;
    asm volatile("s_memrealtime %0\n\ts_waitcnt lgkmcnt(0)" : "=s"(t)::"memory");
    return t;
}

__device__ __forceinline__ std::uint32_t hwId() {
    std::uint32_t v;
    asm volatile("s_getreg_b32 %0, hwreg(HW_REG_HW_ID)" : "=s"(v));
    return v;
}

__device__ __forceinline__ std::uint32_t xccId() {
#if defined(TS_GFX94X)
    std::uint32_t v;
    asm volatile("s_getreg_b32 %0, hwreg(HW_REG_XCC_ID, 0, 4)" : "=s"(v));
    return v;
#else
    return 0;
#endif
}

// Scalar loads need the address in SGPRs. Chase indices are wave-uniform, but the compiler
// cannot prove it for values that came through vector registers: take lane 0's copy.
__device__ __forceinline__ const std::uint32_t* uniform(const std::uint32_t* p) {
    const auto a = reinterpret_cast<std::uint64_t>(p);
    const std::uint32_t lo = __builtin_amdgcn_readfirstlane(static_cast<std::uint32_t>(a));
    const std::uint32_t hi = __builtin_amdgcn_readfirstlane(static_cast<std::uint32_t>(a >> 32));
    return reinterpret_cast<const std::uint32_t*>((std::uint64_t{hi} << 32) | lo);
}

// Timed loads: clock, load, wait for the data, clock. Returns the loaded value; `cycles`
// gets the difference, the two clock reads' own cost included (measureTimerOverhead).
#define TS_TIMED(LOAD, VALUE_CONSTRAINT, ADDR_CONSTRAINT, ADDR)                                          \
    std::uint64_t t0, t1;                                                                                 \
    std::uint32_t v;                                                                                      \
    asm volatile("s_waitcnt vmcnt(0) lgkmcnt(0)\n\t"                                                      \
                 "s_memtime %[t0]\n\t"                                                                    \
                 "s_waitcnt lgkmcnt(0)\n\t" LOAD "\n\t"                                                   \
                 "s_waitcnt vmcnt(0) lgkmcnt(0)\n\t"                                                      \
                 "s_memtime %[t1]\n\t"                                                                    \
                 "s_waitcnt lgkmcnt(0)"                                                                   \
                 : [v] VALUE_CONSTRAINT(v), [t0] "=&s"(t0), [t1] "=&s"(t1)                                \
                 : [a] ADDR_CONSTRAINT(ADDR)                                                              \
                 : "memory");                                                                             \
    cycles = static_cast<std::uint32_t>(t1 - t0);                                                         \
    return v;

__device__ __forceinline__ std::uint32_t timedVector(const std::uint32_t* p, std::uint32_t& cycles) {
    TS_TIMED("global_load_dword %[v], %[a], off", "=&v", "v", p)
}
__device__ __forceinline__ std::uint32_t timedVectorL2(const std::uint32_t* p, std::uint32_t& cycles) {
    TS_TIMED("global_load_dword %[v], %[a], off " TS_L2_BITS, "=&v", "v", p)
}
__device__ __forceinline__ std::uint32_t timedScalar(const std::uint32_t* p, std::uint32_t& cycles) {
    TS_TIMED("s_load_dword %[v], %[a], 0x0", "=&s", "s", uniform(p))
}
__device__ __forceinline__ std::uint32_t timedLds(std::uint32_t ldsAddress, std::uint32_t& cycles) {
    TS_TIMED("ds_read_b32 %[v], %[a]", "=&v", "v", ldsAddress)
}
#undef TS_TIMED

// Untimed loads of the same kinds, each waited for, so a walk is one load at a time.
__device__ __forceinline__ std::uint32_t loadVector(const std::uint32_t* p) {
    std::uint32_t v;
    asm volatile("global_load_dword %0, %1, off\n\ts_waitcnt vmcnt(0)" : "=v"(v) : "v"(p) : "memory");
    return v;
}
__device__ __forceinline__ std::uint32_t loadVectorL2(const std::uint32_t* p) {
    std::uint32_t v;
    asm volatile("global_load_dword %0, %1, off " TS_L2_BITS "\n\ts_waitcnt vmcnt(0)" : "=v"(v) : "v"(p) : "memory");
    return v;
}
__device__ __forceinline__ std::uint32_t loadScalar(const std::uint32_t* p) {
    std::uint32_t v;
    asm volatile("s_load_dword %0, %1, 0x0\n\ts_waitcnt lgkmcnt(0)" : "=s"(v) : "s"(uniform(p)) : "memory");
    return v;
}
__device__ __forceinline__ std::uint32_t loadLds(std::uint32_t ldsAddress) {
    std::uint32_t v;
    asm volatile("ds_read_b32 %0, %1\n\ts_waitcnt lgkmcnt(0)" : "=v"(v) : "v"(ldsAddress) : "memory");
    return v;
}

// Flags between the two kernels of an OtherUnit chase: agent-scope relaxed atomics, which
// read from the L2 without the vL1 invalidation an acquire would add (the main's warm vL1
// must survive the wait).
__device__ __forceinline__ std::uint32_t readFlag(const std::uint32_t* f) {
    return __hip_atomic_load(f, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
}
__device__ __forceinline__ void writeFlag(std::uint32_t* f, std::uint32_t v) {
    __hip_atomic_store(f, v, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
}

// Waits until *f == want or `timeoutTicks` of the 100 MHz clock passed; true when it came.
__device__ __forceinline__ bool waitFlag(const std::uint32_t* f, std::uint32_t want, std::uint64_t timeoutTicks) {
    const std::uint64_t start = memrealtime();
    while (readFlag(f) != want) {
        if (memrealtime() - start > timeoutTicks) return false;
        __builtin_amdgcn_s_sleep(2);
    }
    return true;
}

}  // namespace ts::hipk::dev
