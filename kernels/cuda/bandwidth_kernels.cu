// Bandwidth kernels: 128-bit loads and stores. Copies use ld/st.global.cg.v4 (nothing kept in
// L1) in grid-stride loops unrolled four deep. Reads (readSweep) and writes (writeSweep) take the
// path (chase_abi.hpp, ReadPath), the sweep (the grid over the whole array, or every block over
// all of it) and the loads or stores each thread keeps in flight (1, 2, 4, 8).
// `inner` repeats the pass inside one launch (cached working sets are too small to time one pass).
#include <cstdint>

#include "chase_abi.hpp"

__constant__ uint4 ts_bandwidth_bank[ts::cudak::kBandwidthConstBytes / 16];

namespace ts::cudak {
namespace {

__device__ __forceinline__ uint4 ldV4(const uint4* p) {
    uint4 v;
    asm volatile("ld.global.cg.v4.u32 {%0, %1, %2, %3}, [%4];"
                 : "=r"(v.x), "=r"(v.y), "=r"(v.z), "=r"(v.w)
                 : "l"(p));
    return v;
}
__device__ __forceinline__ void stV4(uint4* p, uint4 v) {
    asm volatile("st.global.cg.v4.u32 [%0], {%1, %2, %3, %4};" ::"l"(p), "r"(v.x), "r"(v.y), "r"(v.z), "r"(v.w)
                 : "memory");
}

__device__ __forceinline__ uint4 ldV4Ca(const uint4* p) {
    uint4 v;
    asm volatile("ld.global.ca.v4.u32 {%0, %1, %2, %3}, [%4];"
                 : "=r"(v.x), "=r"(v.y), "=r"(v.z), "=r"(v.w)
                 : "l"(p));
    return v;
}
__device__ __forceinline__ uint4 ldV4Nc(const uint4* p) {
    uint4 v;
    asm volatile("ld.global.nc.v4.u32 {%0, %1, %2, %3}, [%4];"
                 : "=r"(v.x), "=r"(v.y), "=r"(v.z), "=r"(v.w)
                 : "l"(p));
    return v;
}
// A 32-bit shared-space address: no generic-to-shared conversion in the loop.
__device__ __forceinline__ uint4 ldV4Shared(std::uint32_t address) {
    uint4 v;
    asm volatile("ld.shared.v4.u32 {%0, %1, %2, %3}, [%4];" : "=r"(v.x), "=r"(v.y), "=r"(v.z), "=r"(v.w) : "r"(address));
    return v;
}

__device__ __forceinline__ uint4 ldV4Texture(std::uint64_t texture, std::size_t i) {
    uint4 v;
    asm volatile("tex.1d.v4.u32.s32 {%0, %1, %2, %3}, [%4, {%5}];"
                 : "=r"(v.x), "=r"(v.y), "=r"(v.z), "=r"(v.w)
                 : "l"(texture), "r"(static_cast<int>(i)));
    return v;
}
__device__ __forceinline__ std::uint64_t constantBankBase() {
    std::uint64_t a;
    asm("mov.u64 %0, ts_bandwidth_bank;" : "=l"(a));
    return a;
}
// Volatile, so the compiler cannot keep a constant bank's (unchanging) words across passes.
__device__ __forceinline__ uint4 ldV4Const(std::size_t i) {
    uint4 v;
    asm volatile("ld.const.v4.u32 {%0, %1, %2, %3}, [%4];"
                 : "=r"(v.x), "=r"(v.y), "=r"(v.z), "=r"(v.w)
                 : "l"(constantBankBase() + 16 * i));
    return v;
}

// Where a sweep reads: a global array, the block's shared memory, a texture object or the bank.
struct Source {
    const uint4* array;
    std::uint64_t texture;
    std::uint32_t shared;  // the block's shared memory, as a shared-space address
};

template <std::uint32_t Path>
__device__ __forceinline__ uint4 load(const Source& src, std::size_t i) {
    if constexpr (Path == kReadCached) return ldV4Ca(src.array + i);
    else if constexpr (Path == kReadNonCoherent) return ldV4Nc(src.array + i);
    else if constexpr (Path == kReadShared) return ldV4Shared(src.shared + 16 * static_cast<std::uint32_t>(i));
    else if constexpr (Path == kReadTexture) return ldV4Texture(src.texture, i);
    else if constexpr (Path == kReadConstant) return ldV4Const(i);
    else return ldV4(src.array + i);
}

__device__ __forceinline__ std::uint64_t globalNs() {
    std::uint64_t t;
    asm volatile("mov.u64 %0, %globaltimer;" : "=l"(t));
    return t;
}

// The elements a thread visits: from `first`, `step` apart. A broadcast gives a warp's lanes one
// element, the warps splitting the array (or each warp walking all of it).
struct Walk {
    std::size_t first;
    std::size_t step;
};
__device__ __forceinline__ Walk walkOf(bool everyBlock, bool everyWarp, bool broadcast) {
    if (everyWarp) return broadcast ? Walk{0, 1} : Walk{threadIdx.x % warpSize, static_cast<std::size_t>(warpSize)};
    const std::size_t self = broadcast ? threadIdx.x / warpSize : threadIdx.x;
    const std::size_t width = broadcast ? blockDim.x / warpSize : blockDim.x;
    if (everyBlock) return {self, width};
    return {static_cast<std::size_t>(blockIdx.x) * width + self, static_cast<std::size_t>(gridDim.x) * width};
}

// A thread's walk over its elements, `inner` times over: it restarts at its first element where
// the array ends, so `Loads` stay in flight however few elements a thread has (a block over its
// shared memory: two each).
struct Cursor {
    std::size_t first, step, n, at;
    __device__ __forceinline__ Cursor(const Walk& w, std::size_t size) : first(w.first), step(w.step), n(size), at(w.first) {}
    __device__ __forceinline__ std::size_t count(std::uint32_t inner) const {
        return first < n ? (n - first + step - 1) / step * inner : 0;
    }
    __device__ __forceinline__ std::size_t next() {
        const std::size_t here = at;
        at += step;
        if (at >= n) at = first;
        return here;
    }
};

struct ClockRecord {
    unsigned long long* clocks;
    bool recorder;
    __device__ __forceinline__ explicit ClockRecord(unsigned long long* c) : clocks(c), recorder(c && blockIdx.x == 0 && threadIdx.x == 0) {
        if (recorder) clocks[0] = clock64(), clocks[1] = globalNs();
    }
    __device__ __forceinline__ void end() const {
        if (recorder) clocks[2] = clock64(), clocks[3] = globalNs();
    }
};

// `Loads` independent loads a thread, issued before any is used.
template <std::uint32_t Path, int Loads>
__global__ void readSweep(Source src, std::size_t n, std::uint32_t inner, ReadSweep how, std::uint32_t* sink,
                          unsigned long long* clocks) {
    extern __shared__ uint4 scratch[];
    const ClockRecord record(clocks);
    if constexpr (Path == kReadShared) {
        for (std::size_t i = threadIdx.x; i < n; i += blockDim.x) scratch[i] = make_uint4(static_cast<std::uint32_t>(i), 1u, 2u, 3u);
        __syncthreads();
        src.shared = static_cast<std::uint32_t>(__cvta_generic_to_shared(scratch));
    }
    const Walk walk = walkOf(how.everyBlock, how.everyWarp, how.broadcast);
    Cursor at(walk, n);
    const std::size_t count = at.count(inner);
    std::uint32_t acc = 0;
    std::size_t done = 0;
    for (; done + Loads <= count; done += Loads) {
        uint4 v[Loads];
#pragma unroll
        for (int k = 0; k < Loads; ++k) v[k] = load<Path>(src, at.next());
#pragma unroll
        for (int k = 0; k < Loads; ++k) acc ^= v[k].x;  // the loads are volatile: one word keeps them, fewer instructions
    }
    for (; done < count; ++done) acc ^= load<Path>(src, at.next()).x;
    if (acc == 0x9e3779b9u) *sink = acc;
    record.end();
}

template <std::uint32_t Path>
cudaError_t launchSweep(const ReadSweep& sweep, Source src, std::size_t vec16, std::uint32_t inner, std::uint32_t* sink,
                        unsigned long long* clocks, unsigned grid, unsigned block, std::size_t sharedBytes, cudaStream_t s) {
    switch (sweep.loads) {
        case 1: readSweep<Path, 1><<<grid, block, sharedBytes, s>>>(src, vec16, inner, sweep, sink, clocks); break;
        case 2: readSweep<Path, 2><<<grid, block, sharedBytes, s>>>(src, vec16, inner, sweep, sink, clocks); break;
        case 4: readSweep<Path, 4><<<grid, block, sharedBytes, s>>>(src, vec16, inner, sweep, sink, clocks); break;
        case 8: readSweep<Path, 8><<<grid, block, sharedBytes, s>>>(src, vec16, inner, sweep, sink, clocks); break;
        default: return cudaErrorInvalidValue;
    }
    return cudaGetLastError();
}

__device__ __forceinline__ void stV4Wb(uint4* p, uint4 v) {
    asm volatile("st.global.wb.v4.u32 [%0], {%1, %2, %3, %4};" ::"l"(p), "r"(v.x), "r"(v.y), "r"(v.z), "r"(v.w)
                 : "memory");
}
__device__ __forceinline__ void stV4Shared(uint4* p, uint4 v) {
    const auto address = static_cast<std::uint32_t>(__cvta_generic_to_shared(p));
    asm volatile("st.shared.v4.u32 [%0], {%1, %2, %3, %4};" ::"r"(address), "r"(v.x), "r"(v.y), "r"(v.z), "r"(v.w) : "memory");
}

// `Stores` deep: .cg past the L1 (kReadPastL1), the default write-back store that an SM's L1
// sees (kReadCached), or the block's shared memory (kReadShared); over the grid once a pass, or
// every block over the whole array.
template <std::uint32_t Path, int Stores>
__global__ void writeSweep(uint4* dst, std::size_t n, std::uint32_t inner, bool everyBlock, unsigned long long* clocks) {
    extern __shared__ uint4 scratch[];
    const ClockRecord record(clocks);
    if constexpr (Path == kReadShared) dst = scratch;
    const Walk walk = walkOf(everyBlock, false, false);
    const uint4 v = make_uint4(static_cast<std::uint32_t>(walk.first), 1u, 2u, 3u);
    const auto store = [](uint4* p, uint4 value) {
        if constexpr (Path == kReadCached) stV4Wb(p, value);
        else if constexpr (Path == kReadShared) stV4Shared(p, value);
        else stV4(p, value);
    };
    Cursor at(walk, n);
    const std::size_t count = at.count(inner);
    std::size_t done = 0;
    for (; done + Stores <= count; done += Stores) {
#pragma unroll
        for (int k = 0; k < Stores; ++k) store(dst + at.next(), v);
    }
    for (; done < count; ++done) store(dst + at.next(), v);
    record.end();
}

template <std::uint32_t Path>
cudaError_t launchStores(int stores, uint4* dst, std::size_t vec16, std::uint32_t inner, bool everyBlock, unsigned long long* clocks,
                         unsigned grid, unsigned block, std::size_t sharedBytes, cudaStream_t s) {
    switch (stores) {
        case 1: writeSweep<Path, 1><<<grid, block, sharedBytes, s>>>(dst, vec16, inner, everyBlock, clocks); break;
        case 2: writeSweep<Path, 2><<<grid, block, sharedBytes, s>>>(dst, vec16, inner, everyBlock, clocks); break;
        case 4: writeSweep<Path, 4><<<grid, block, sharedBytes, s>>>(dst, vec16, inner, everyBlock, clocks); break;
        case 8: writeSweep<Path, 8><<<grid, block, sharedBytes, s>>>(dst, vec16, inner, everyBlock, clocks); break;
        default: return cudaErrorInvalidValue;
    }
    return cudaGetLastError();
}

__global__ void copyKernel(const uint4* src, uint4* dst, std::size_t n, std::uint32_t inner) {
    const std::size_t step = static_cast<std::size_t>(gridDim.x) * blockDim.x;
    const std::size_t first = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x;
    for (std::uint32_t it = 0; it < inner; ++it) {
        std::size_t i = first;
        for (; i + 3 * step < n; i += 4 * step) {
            const uint4 a = ldV4(src + i), b = ldV4(src + i + step), c = ldV4(src + i + 2 * step),
                        d = ldV4(src + i + 3 * step);
            stV4(dst + i, a);
            stV4(dst + i + step, b);
            stV4(dst + i + 2 * step, c);
            stV4(dst + i + 3 * step, d);
        }
        for (; i < n; i += step) stV4(dst + i, ldV4(src + i));
    }
}

}  // namespace

cudaError_t launchCopy(const void* src, void* dst, std::size_t vec16, std::uint32_t inner, unsigned grid, unsigned block,
                       cudaStream_t s) {
    copyKernel<<<grid, block, 0, s>>>(static_cast<const uint4*>(src), static_cast<uint4*>(dst), vec16, inner);
    return cudaGetLastError();
}

cudaError_t launchWrite(const ReadSweep& sweep, void* dst, std::size_t vec16, std::uint32_t inner, unsigned long long* clocks,
                        unsigned grid, unsigned block, cudaStream_t s) {
    auto* p = static_cast<uint4*>(dst);
    switch (sweep.path) {
        case kReadCached: return launchStores<kReadCached>(sweep.loads, p, vec16, inner, sweep.everyBlock, clocks, grid, block, 0, s);
        case kReadShared: return launchStores<kReadShared>(sweep.loads, nullptr, vec16, inner, true, clocks, grid, block, vec16 * 16, s);
        default: return launchStores<kReadPastL1>(sweep.loads, p, vec16, inner, sweep.everyBlock, clocks, grid, block, 0, s);
    }
}

cudaError_t launchRead(const ReadSweep& sweep, const void* src, std::size_t vec16, std::uint32_t inner, std::uint32_t* sink,
                       unsigned long long* clocks, unsigned grid, unsigned block, cudaStream_t s) {
    const Source from{static_cast<const uint4*>(src), sweep.texture, 0};
    switch (sweep.path) {
        case kReadCached: return launchSweep<kReadCached>(sweep, from, vec16, inner, sink, clocks, grid, block, 0, s);
        case kReadNonCoherent: return launchSweep<kReadNonCoherent>(sweep, from, vec16, inner, sink, clocks, grid, block, 0, s);
        case kReadTexture: return launchSweep<kReadTexture>(sweep, from, vec16, inner, sink, clocks, grid, block, 0, s);
        case kReadConstant: return launchSweep<kReadConstant>(sweep, from, vec16, inner, sink, clocks, grid, block, 0, s);
        case kReadShared: return launchSweep<kReadShared>(sweep, from, vec16, inner, sink, clocks, grid, block, vec16 * 16, s);
        default: return launchSweep<kReadPastL1>(sweep, from, vec16, inner, sink, clocks, grid, block, 0, s);
    }
}

}  // namespace ts::cudak
