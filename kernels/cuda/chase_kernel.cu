// The pointer-chase kernel: one launch runs every job of a ChaseLaunch. Each block reads %smid
// and claims the role (main chaser or OtherUnit second chaser of some job) that the role table
// assigns to its SM; blocks that find nothing to claim leave at once.
//
// This translation unit is its own module, so its constant bank (ts_const_bank_0) is the main
// chaser's constant array; the second chaser's constant arrays live in const_module_N.cu.
#include <cstdint>
#include <utility>

#include "chase_abi.hpp"
#include "device_primitives.cuh"

// Global namespace, so the PTX symbol keeps this exact name for the inline asm below.
__constant__ std::uint32_t ts_const_bank_0[ts::cudak::kConstBankElems];

namespace ts::cudak {
namespace {

using namespace dev;

__device__ __forceinline__ std::uint64_t bank0Base() {
    std::uint64_t a;
    asm("mov.u64 %0, ts_const_bank_0;" : "=l"(a));
    return a;
}

// What one chaser loads through.
struct Path {
    const std::uint32_t* ptr;  // global spaces
    std::uint64_t tex;         // texture object
    std::uint64_t cbase;       // constant bank address
    std::uint32_t saddr;       // shared-window address of the array
};

// Where load number k goes: a global/constant/shared address, or the texel index.
template <std::uint32_t S>
__device__ __forceinline__ std::uint64_t addressOf(const Path& p, std::uint32_t j) {
    if constexpr (S == kGlobal || S == kGlobalL2 || S == kReadOnly)
        return reinterpret_cast<std::uint64_t>(p.ptr + j);
    else if constexpr (S == kTexture) return j;
    else if constexpr (S == kConstant) return p.cbase + 4ull * j;
    else return p.saddr + 4u * j;
}

template <std::uint32_t S>
__device__ __forceinline__ std::uint32_t loadAt(const Path& p, std::uint64_t a) {
    if constexpr (S == kGlobal) return ldCa(reinterpret_cast<const std::uint32_t*>(a));
    else if constexpr (S == kGlobalL2) return ldCg(reinterpret_cast<const std::uint32_t*>(a));
    else if constexpr (S == kReadOnly) return ldNc(reinterpret_cast<const std::uint32_t*>(a));
    else if constexpr (S == kTexture) return ldTex(p.tex, static_cast<std::uint32_t>(a));
    else if constexpr (S == kConstant) return ldConstAt(a);
    else return ldShared(static_cast<std::uint32_t>(a));
}

template <std::uint32_t S>
__device__ __forceinline__ std::uint32_t loadVia(const Path& p, std::uint32_t j) {
    return loadAt<S>(p, addressOf<S>(p, j));
}

// Untimed walk: `loads` dependent loads starting at `j`.
template <std::uint32_t S>
__device__ __forceinline__ std::uint32_t walk(Path p, std::uint32_t elems, std::uint32_t delta, std::uint32_t loads,
                                           std::uint32_t j) {
    for (std::uint32_t k = 0; k < loads; ++k) j = nextIndex(loadVia<S>(p, j), elems, delta);
    return j;
}

// The same walk, watched: the longest step between two consecutive clock reads goes to
// `maxStep`. Another context's time slice inside it (our warp pre-empted) shows as one step of
// millions of cycles, which no load can take; the loads themselves stay untimed.
template <std::uint32_t S>
__device__ __forceinline__ std::uint32_t walkWatched(Path p, std::uint32_t elems, std::uint32_t delta, std::uint32_t loads,
                                                  std::uint32_t j, std::uint64_t& maxStep) {
    std::uint64_t prev = clockNow();
    for (std::uint32_t k = 0; k < loads; ++k) {
        j = nextIndex(loadVia<S>(p, j), elems, delta);
        const std::uint64_t now = clockNow();
        maxStep = now - prev > maxStep ? now - prev : maxStep;
        prev = now;
    }
    return j;
}

__device__ __forceinline__ std::uint32_t walkAny(std::uint32_t space, const Path& p, std::uint32_t elems, std::uint32_t delta,
                                 std::uint32_t loads, std::uint32_t j, std::uint64_t* watch = nullptr) {
    if (watch) {
        switch (space) {
            case kGlobal: return walkWatched<kGlobal>(p, elems, delta, loads, j, *watch);
            case kGlobalL2: return walkWatched<kGlobalL2>(p, elems, delta, loads, j, *watch);
            case kReadOnly: return walkWatched<kReadOnly>(p, elems, delta, loads, j, *watch);
            case kTexture: return walkWatched<kTexture>(p, elems, delta, loads, j, *watch);
            case kConstant: return walkWatched<kConstant>(p, elems, delta, loads, j, *watch);
            default: return walkWatched<kShared>(p, elems, delta, loads, j, *watch);
        }
    }
    switch (space) {
        case kGlobal: return walk<kGlobal>(p, elems, delta, loads, j);
        case kGlobalL2: return walk<kGlobalL2>(p, elems, delta, loads, j);
        case kReadOnly: return walk<kReadOnly>(p, elems, delta, loads, j);
        case kTexture: return walk<kTexture>(p, elems, delta, loads, j);
        case kConstant: return walk<kConstant>(p, elems, delta, loads, j);
        default: return walk<kShared>(p, elems, delta, loads, j);
    }
}

// Timed pass from element 0. Per load: clock, load, a dependent shared store (its issue waits
// for the loaded value, so the second clock read cannot come before the data), clock.
// The dependent store goes to the load's own latency slot (later overwritten with the latency)
// or, for shared-memory chases, back into the element it came from (same value).
//
// `maxStep` watches the time between timed loads (their loop overhead, the untimed loads in
// between): the longest span from one load's second clock read to the next one's first.
template <std::uint32_t S>
__device__ __forceinline__ std::uint32_t timedPass(Path p, std::uint32_t elems, std::uint32_t loads, std::uint32_t every,
                                                std::uint32_t timesAddr, std::uint32_t* timesGlobal,
                                                std::uint64_t& maxStep) {
    std::uint32_t j = 0;
    std::uint64_t prev = clockNow();
    for (std::uint32_t k = 0; k < loads; ++k) {
        const std::uint64_t before = clockNow();
        maxStep = before - prev > maxStep ? before - prev : maxStep;
        std::uint64_t a = addressOf<S>(p, j);
        // The dependent store's target: the element itself (shared chases) or the latency slot.
        std::uint32_t sinkAddr = S == kShared ? static_cast<std::uint32_t>(a) : timesAddr + 4u * k;
        // Both addresses exist before the first clock read, so no address arithmetic is timed.
        asm volatile("" : "+l"(a), "+r"(sinkAddr));
        const std::uint64_t t0 = clockNow();
        const std::uint32_t v = loadAt<S>(p, a);
        stShared(sinkAddr, v);
        const std::uint64_t t1 = clockNow();
        const std::uint32_t dt = static_cast<std::uint32_t>(t1 - t0);
        if constexpr (S == kShared) timesGlobal[k] = dt;
        else redSharedAdd(sinkAddr, dt - v);  // slot: v + (dt - v) = dt
        j = nextIndex(v, elems, 0);
        prev = t1;
        if (every > 1) {
            j = walkWatched<S>(p, elems, 0, every - 1, j, maxStep);
            prev = clockNow();
        }
    }
    return j;
}

// The timed texture pass with its handle read from the kernel parameters at a constant offset,
// so the handle is uniform and TLD takes it directly (see kTexSlots).
template <std::uint32_t Slot>
__device__ __forceinline__ std::uint32_t timedTextureAt(const ChaseLaunch& P, Path p, std::uint32_t elems,
                                                        std::uint32_t loads, std::uint32_t every, std::uint32_t timesAddr,
                                                        std::uint32_t* timesGlobal, std::uint64_t& maxStep) {
    p.tex = P.texHandles[Slot];
    return timedPass<kTexture>(p, elems, loads, every, timesAddr, timesGlobal, maxStep);
}

template <std::uint32_t... Slots>
__device__ __forceinline__ std::uint32_t timedTexture(std::integer_sequence<std::uint32_t, Slots...>, const ChaseLaunch& P,
                                                      std::uint32_t slot, const Path& p, std::uint32_t elems,
                                                      std::uint32_t loads, std::uint32_t every, std::uint32_t timesAddr,
                                                      std::uint32_t* timesGlobal, std::uint64_t& maxStep) {
    std::uint32_t result = 0;
    ((slot == Slots ? (result = timedTextureAt<Slots>(P, p, elems, loads, every, timesAddr, timesGlobal, maxStep), true)
                    : false) ||
     ...);
    return result;
}

__device__ __forceinline__ std::uint32_t timedAny(std::uint32_t space, const Path& p, std::uint32_t elems, std::uint32_t loads,
                                  std::uint32_t every, std::uint32_t timesAddr, std::uint32_t* timesGlobal,
                                  std::uint64_t& maxStep) {
    switch (space) {
        case kGlobal: return timedPass<kGlobal>(p, elems, loads, every, timesAddr, timesGlobal, maxStep);
        case kGlobalL2: return timedPass<kGlobalL2>(p, elems, loads, every, timesAddr, timesGlobal, maxStep);
        case kReadOnly: return timedPass<kReadOnly>(p, elems, loads, every, timesAddr, timesGlobal, maxStep);
        case kTexture: return timedPass<kTexture>(p, elems, loads, every, timesAddr, timesGlobal, maxStep);
        case kConstant: return timedPass<kConstant>(p, elems, loads, every, timesAddr, timesGlobal, maxStep);
        default: return timedPass<kShared>(p, elems, loads, every, timesAddr, timesGlobal, maxStep);
    }
}

// Block warm-up (ChaseRequest::blockWarmup) and block read (SecondChaser::blockRead): the threads
// of the block read the chase's elements (every `every`-th word) in address order, eight loads in
// flight each, `passes` times. Thread 0 watches its steps like a chaser's warm-up (`maxStep`).
// Returns the sum (mod 2^32) of the words this thread read: the caller keeps it, so no load is
// dropped, and the block read's self-check adds them up.
template <std::uint32_t S>
__device__ __forceinline__ std::uint32_t blockWarm(const std::uint32_t* arr, std::uint32_t elems, std::uint32_t every,
                                                   std::uint32_t passes, std::uint64_t& maxStep) {
    constexpr std::uint32_t kInFlight = 8;
    const Path p{arr, 0, 0, 0};
    const std::uint32_t count = (elems + every - 1) / every, tid = threadIdx.x, step = blockDim.x;
    std::uint32_t sink = 0;
    std::uint64_t prev = clockNow();
    for (std::uint32_t pass = 0; pass < passes; ++pass) {
        for (std::uint32_t i = tid; i < count; i += kInFlight * step) {
            std::uint32_t v[kInFlight];
#pragma unroll
            for (std::uint32_t k = 0; k < kInFlight; ++k) {
                const std::uint32_t e = i + k * step;
                v[k] = e < count ? loadVia<S>(p, e * every) : 0u;
            }
#pragma unroll
            for (std::uint32_t k = 0; k < kInFlight; ++k) sink += v[k];
            if (tid == 0) {
                const std::uint64_t now = clockNow();
                maxStep = now - prev > maxStep ? now - prev : maxStep;
                prev = now;
            }
        }
    }
    return sink;
}

__device__ __forceinline__ std::uint32_t blockWarmAny(std::uint32_t space, const std::uint32_t* arr, std::uint32_t elems,
                                                      std::uint32_t every, std::uint32_t passes, std::uint64_t& maxStep) {
    switch (space) {
        case kGlobal: return blockWarm<kGlobal>(arr, elems, every, passes, maxStep);
        case kGlobalL2: return blockWarm<kGlobalL2>(arr, elems, every, passes, maxStep);
        default: return blockWarm<kReadOnly>(arr, elems, every, passes, maxStep);
    }
}

// ChaseJob::blockWarmupStores: the whole block writes every `every`-th element its own chain value
// ((i + every) mod elems: the plain chain, which the chase then walks unchanged) with the default
// global store, in address order, `passes` times.
__device__ __forceinline__ void blockStore(std::uint32_t* arr, std::uint32_t elems, std::uint32_t every, std::uint32_t passes) {
    const std::uint32_t count = (elems + every - 1) / every;
    for (std::uint32_t pass = 0; pass < passes; ++pass)
        for (std::uint32_t e = threadIdx.x; e < count; e += blockDim.x) {
            const std::uint32_t i = e * every, next = i + every;
            asm volatile("st.global.u32 [%0], %1;" ::"l"(arr + i), "r"(next < elems ? next : next - elems) : "memory");
        }
}

// Fill a shared-memory array with the chase pattern, all threads of the block.
__device__ __forceinline__ void fillShared(std::uint32_t* arr, std::uint32_t elems, std::uint32_t stride) {
    const std::uint32_t s = stride % elems;
    for (std::uint32_t i = threadIdx.x; i < elems; i += blockDim.x) {
        const std::uint32_t v = i + s;
        arr[i] = v < elems ? v : v - elems;
    }
}

__device__ __forceinline__ Path mainPath(const ChaseJob& job, std::uint32_t* dyn) {
    return Path{reinterpret_cast<const std::uint32_t*>(job.mainPtr), job.mainTex, bank0Base(), sharedAddr(dyn)};
}

__device__ __forceinline__ Path secondPath(const ChaseJob& job, std::uint32_t* dyn) {
    return Path{reinterpret_cast<const std::uint32_t*>(job.secondPtr), job.secondTex, bank0Base(),
                sharedAddr(dyn + job.secondSharedOffset)};
}

// Wait for a second chaser that runs elsewhere (another block, or the constant modules).
__device__ __forceinline__ std::uint32_t waitForSecond(const ChaseLaunch& P, std::uint32_t q, std::uint64_t placeNs) {
    std::uint32_t* ctl = P.ctl;
    const std::uint64_t start = globalTimerNs();
    bool ready = false;
    while (ldFlag(ctl + kCtlDone + q) != P.epoch) {
        const std::uint64_t elapsed = globalTimerNs() - start;
        if (!ready) {
            ready = ldFlag(ctl + kCtlReady + q) == P.epoch;
            if (!ready && elapsed > placeNs) return kStatusSecondNotPlaced;
        }
        if (elapsed > P.waitNs) return kStatusSecondTimeout;
        __nanosleep(256);
    }
    return ldFlag(ctl + kCtlSecondStatus + q);
}

__device__ __forceinline__ void runMain(const ChaseLaunch& P, const ChaseJob& job, std::uint32_t q, std::uint32_t* dyn,
                        std::uint32_t sm) {
    const std::uint32_t tid = threadIdx.x;
    const bool sharedMain = job.space == kShared;
    const bool localSecond = job.secondMode == kSameThread || job.secondMode == kOtherWarp;
    if (sharedMain) fillShared(dyn, job.elems, job.strideElems);
    if (localSecond && job.secondSpace == kShared && !job.secondSameArray)
        fillShared(dyn + job.secondSharedOffset, job.secondElems, job.secondStrideElems);
    __syncthreads();

    std::uint32_t status = 0;
    std::int32_t secondSm = -1;
    std::uint32_t secondFinal = 0;  // where the second chaser stopped (self-check on the host)
    // Longest step of the main thread outside its timed loads: warm-up, a same-thread second
    // chaser, the hand-over to the timed pass (JobHeader::maxUntimedStep).
    std::uint64_t maxStep = 0;
    std::uint64_t warmedAt = 0;
    if (job.blockWarmupPasses && job.blockWarmupStores) {
        blockStore(reinterpret_cast<std::uint32_t*>(job.mainPtr), job.elems, job.warmStrideElems, job.blockWarmupPasses);
        __syncthreads();
    } else if (job.blockWarmupPasses) {
        const std::uint32_t sink = blockWarmAny(job.space, reinterpret_cast<const std::uint32_t*>(job.mainPtr), job.elems,
                                                job.warmStrideElems, job.blockWarmupPasses, maxStep);
        // Never true (the array holds indices below elems): keeps the warm-up loads alive.
        if (sink == 0xffffffffu && job.elems == 0) P.ctl[kCtlWalkIndex + q] = sink;
        __syncthreads();
    }
    if (tid == 0) {
        const Path mp = mainPath(job, dyn);
        (void)walkAny(job.space, mp, job.elems, 0, job.warmupLoads, 0, &maxStep);
        if (job.secondMode == kSameThread) {
            secondFinal = walkAny(job.secondSpace, secondPath(job, dyn), job.secondElems, job.secondDelta,
                                  job.secondLoads, 0, &maxStep);
            secondSm = static_cast<std::int32_t>(sm);
        } else if (job.secondMode == kOtherUnit || job.secondMode == kExternal) {
            std::uint32_t* ctl = P.ctl;
            __stcg(ctl + kCtlSecondStatus + q, 0u);
            __stcg(ctl + kCtlWalkIndex + q, 0u);
            __stcg(ctl + kCtlWalkLeft + q, job.secondLoads);
            stRelease(ctl + kCtlWarm + q, P.epoch);  // orders the stores above; no fence (it would empty L1)
            // A block of this launch starts within microseconds; module kernels on the second
            // stream start a little later.
            const std::uint64_t placeNs = job.secondMode == kOtherUnit ? 50'000'000ull : 500'000'000ull;
            status |= waitForSecond(P, q, placeNs);
            if (!(status & (kStatusSecondNotPlaced | kStatusSecondTimeout))) {
                secondSm = static_cast<std::int32_t>(ldFlag(ctl + kCtlSecondSm + q));
                secondFinal = ldFlag(ctl + kCtlWalkIndex + q);
            }
        }
    }
    if (job.secondMode == kOtherWarp) {
        __syncthreads();  // main warm-up done
        if (tid == job.secondWarp * 32u)
            __stcg(P.ctl + kCtlWalkIndex + q,
                   walkAny(job.secondSpace, secondPath(job, dyn), job.secondElems, job.secondDelta, job.secondLoads, 0));
        __syncthreads();  // second chaser done
        secondSm = static_cast<std::int32_t>(sm);
        if (tid == 0) secondFinal = ldFlag(P.ctl + kCtlWalkIndex + q);
    }
    if (tid == 0) warmedAt = clockNow();
    if (tid >= 32) return;
    std::uint32_t* latencies = P.results + job.resultOffset;
    if (tid == 0) {
        const std::uint32_t timesAddr = sharedAddr(dyn + job.timesOffset);
        if (job.secondMode == kNoSecond || job.secondMode == kSameThread) {
            const std::uint64_t handOver = clockNow() - warmedAt;
            maxStep = handOver > maxStep ? handOver : maxStep;
        }
        const std::uint32_t finalIndex =
            job.space == kTexture
                ? timedTexture(std::make_integer_sequence<std::uint32_t, kTexSlots>{}, P, job.texSlot,
                               mainPath(job, dyn), job.elems, job.recordLoads, job.recordEvery, timesAddr, latencies,
                               maxStep)
                : timedAny(job.space, mainPath(job, dyn), job.elems, job.recordLoads, job.recordEvery, timesAddr,
                           latencies, maxStep);
        JobHeader* h = reinterpret_cast<JobHeader*>(P.results) + q;
        h->smid = static_cast<std::int32_t>(sm);
        h->secondSmid = secondSm;
        h->finalIndex = finalIndex;
        h->status = status;
        h->secondFinal = secondFinal;
        h->maxUntimedStep = maxStep > 0xffffffffull ? 0xffffffffu : static_cast<std::uint32_t>(maxStep);
        h->epoch = P.epoch;
    }
    __syncwarp();
    if (job.timingsInShared) {
        const std::uint32_t* times = dyn + job.timesOffset;
        for (std::uint32_t k = tid; k < job.recordLoads; k += 32) latencies[k] = times[k];
    }
}

// SecondChaser::blockRead on another SM: thread 0 hands over like a chaser (ready, wait for the
// main's warm flag, done); in between, the whole block reads the array. The sum of the words read
// goes where a walk leaves its final index, for the host's self-check (the main thread zeroed it
// before raising the warm flag).
__device__ __forceinline__ void blockReadSecond(const ChaseLaunch& P, const ChaseJob& job, std::uint32_t q, std::uint32_t sm) {
    std::uint32_t* ctl = P.ctl;
    bool warm = false;
    if (threadIdx.x == 0) {
        stRelease(ctl + kCtlReady + q, P.epoch);
        warm = waitFlag(ctl + kCtlWarm + q, P.epoch, P.waitNs);
    }
    // No memory round trip: a fence would empty this SM's L1 (see broadcastFromThread0).
    if (__syncthreads_or(warm)) {
        std::uint64_t unwatched = 0;
        std::uint32_t sum = blockWarmAny(job.secondSpace, reinterpret_cast<const std::uint32_t*>(job.secondPtr),
                                         job.secondElems, job.secondStrideElems, job.secondBlockPasses, unwatched);
        for (int lane = 16; lane > 0; lane >>= 1) sum += __shfl_xor_sync(0xffffffffu, sum, lane);
        if ((threadIdx.x & 31u) == 0) atomicAdd(ctl + kCtlWalkIndex + q, sum);
    }
    __syncthreads();  // every warp's sum is in before thread 0 says done
    if (threadIdx.x != 0) return;
    __stcg(ctl + kCtlSecondStatus + q, warm ? 0u : static_cast<std::uint32_t>(kStatusSecondNoWarm));
    __stcg(ctl + kCtlSecondSm + q, sm);
    stRelease(ctl + kCtlDone + q, P.epoch);
}

// Second chaser on another SM (Placement::OtherUnit).
__device__ __forceinline__ void runOtherUnitSecond(const ChaseLaunch& P, const ChaseJob& job, std::uint32_t q, std::uint32_t* dyn,
                                   std::uint32_t sm) {
    const bool sharedSecond = job.secondSpace == kShared;
    if (sharedSecond) fillShared(dyn + job.secondSharedOffset, job.secondElems, job.secondStrideElems);
    __syncthreads();
    if (job.secondBlockPasses) {
        blockReadSecond(P, job, q, sm);
        return;
    }
    if (threadIdx.x != 0) return;
    std::uint32_t* ctl = P.ctl;
    stRelease(ctl + kCtlReady + q, P.epoch);
    std::uint32_t status = 0;
    if (waitFlag(ctl + kCtlWarm + q, P.epoch, P.waitNs)) {
        const std::uint32_t j =
            walkAny(job.secondSpace, secondPath(job, dyn), job.secondElems, job.secondDelta, job.secondLoads, 0);
        __stcg(ctl + kCtlWalkIndex + q, j);
    } else {
        status = kStatusSecondNoWarm;
    }
    __stcg(ctl + kCtlSecondStatus + q, status);
    __stcg(ctl + kCtlSecondSm + q, sm);
    stRelease(ctl + kCtlDone + q, P.epoch);
}

__global__ void __launch_bounds__(1024, 1) chaseKernel(const ChaseLaunch P) {
    extern __shared__ __align__(16) std::uint32_t dyn[];
    const std::uint32_t sm = smId();
    int code = -1;
    if (threadIdx.x == 0) code = claimRole(P.roleTable, P.tableRows, P.ctl + kCtlClaim, P.epoch, sm, true);
    code = broadcastFromThread0(code);
    if (code < 0) return;
    const std::uint32_t q = static_cast<std::uint32_t>(code) >> 2;
    const ChaseJob job = loadJob(P.jobs, q);
    if ((code & 3) == kRoleMain) runMain(P, job, q, dyn, sm);
    else runOtherUnitSecond(P, job, q, dyn, sm);
}

}  // namespace

cudaError_t launchChase(const ChaseLaunch& p, unsigned grid, unsigned block, std::size_t smem, cudaStream_t s) {
    chaseKernel<<<grid, block, smem, s>>>(p);
    return cudaGetLastError();
}

cudaError_t prepareChaseKernel(int maxDynamicSmem) {
    cudaError_t e = cudaFuncSetAttribute(chaseKernel, cudaFuncAttributeMaxDynamicSharedMemorySize, maxDynamicSmem);
    if (e != cudaSuccess) return e;
    // Prefer the largest L1: the driver still grants the shared memory a launch asks for.
    return cudaFuncSetAttribute(chaseKernel, cudaFuncAttributePreferredSharedMemoryCarveout, 0);
}

cudaError_t chaseKernelInfo(cudaFuncAttributes* attr) { return cudaFuncGetAttributes(attr, chaseKernel); }

cudaError_t uploadConstBank0(const void* deviceSrc, std::size_t bytes, cudaStream_t s) {
    return cudaMemcpyToSymbolAsync(ts_const_bank_0, deviceSrc, bytes, 0, cudaMemcpyDeviceToDevice, s);
}

}  // namespace ts::cudak
