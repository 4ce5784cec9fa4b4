// Bandwidth kernels: 128-bit loads and stores. Writes and copies use st/ld.global.cg.v4 (nothing
// kept in L1) in grid-stride loops unrolled four deep. Reads (readSweep) take the path (.ca
// through the L1, .cg past it, or the block's shared memory), the sweep (the grid over the whole
// array, or every block over all of it) and the loads each thread keeps in flight (1, 2, 4, 8).
// `inner` repeats the pass inside one launch (cached working sets are too small to time one pass).
#include <cstdint>

#include "chase_abi.hpp"

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
__device__ __forceinline__ std::uint32_t fold(uint4 v) { return v.x ^ v.y ^ v.z ^ v.w; }

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
__device__ __forceinline__ uint4 ldV4Shared(const uint4* p) {
    uint4 v;
    const auto address = static_cast<std::uint32_t>(__cvta_generic_to_shared(p));
    asm volatile("ld.shared.v4.u32 {%0, %1, %2, %3}, [%4];" : "=r"(v.x), "=r"(v.y), "=r"(v.z), "=r"(v.w) : "r"(address));
    return v;
}

template <std::uint32_t Path>
__device__ __forceinline__ uint4 load(const uint4* p) {
    if constexpr (Path == kReadCached) return ldV4Ca(p);
    else if constexpr (Path == kReadNonCoherent) return ldV4Nc(p);
    else if constexpr (Path == kReadShared) return ldV4Shared(p);
    else return ldV4(p);
}

// `Loads` independent loads a thread, issued before any is used.
__device__ __forceinline__ std::uint64_t globalNs() {
    std::uint64_t t;
    asm volatile("mov.u64 %0, %globaltimer;" : "=l"(t));
    return t;
}

template <std::uint32_t Path, int Loads>
__global__ void readSweep(const uint4* global, std::size_t n, std::uint32_t inner, bool everyBlock, std::uint32_t* sink,
                          unsigned long long* clocks) {
    extern __shared__ uint4 scratch[];
    const bool recorder = clocks && blockIdx.x == 0 && threadIdx.x == 0;
    if (recorder) clocks[0] = clock64(), clocks[1] = globalNs();
    const uint4* src = global;
    if constexpr (Path == kReadShared) {
        for (std::size_t i = threadIdx.x; i < n; i += blockDim.x) scratch[i] = make_uint4(static_cast<std::uint32_t>(i), 1u, 2u, 3u);
        __syncthreads();
        src = scratch;
    }
    const std::size_t step = everyBlock ? blockDim.x : static_cast<std::size_t>(gridDim.x) * blockDim.x;
    const std::size_t first = everyBlock ? threadIdx.x : static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x;
    std::uint32_t acc = 0;
    for (std::uint32_t it = 0; it < inner; ++it) {
        std::size_t i = first;
        for (; i + (Loads - 1) * step < n; i += Loads * step) {
            uint4 v[Loads];
#pragma unroll
            for (int k = 0; k < Loads; ++k) v[k] = load<Path>(src + i + k * step);
#pragma unroll
            for (int k = 0; k < Loads; ++k) acc ^= fold(v[k]);
        }
        for (; i < n; i += step) acc ^= fold(load<Path>(src + i));
    }
    if (acc == 0x9e3779b9u) *sink = acc;
    if (recorder) clocks[2] = clock64(), clocks[3] = globalNs();
}

template <std::uint32_t Path>
cudaError_t launchSweep(int loads, const void* src, std::size_t vec16, std::uint32_t inner, bool everyBlock,
                        std::uint32_t* sink, unsigned long long* clocks, unsigned grid, unsigned block, std::size_t sharedBytes,
                        cudaStream_t s) {
    const auto* p = static_cast<const uint4*>(src);
    switch (loads) {
        case 1: readSweep<Path, 1><<<grid, block, sharedBytes, s>>>(p, vec16, inner, everyBlock, sink, clocks); break;
        case 2: readSweep<Path, 2><<<grid, block, sharedBytes, s>>>(p, vec16, inner, everyBlock, sink, clocks); break;
        case 4: readSweep<Path, 4><<<grid, block, sharedBytes, s>>>(p, vec16, inner, everyBlock, sink, clocks); break;
        case 8: readSweep<Path, 8><<<grid, block, sharedBytes, s>>>(p, vec16, inner, everyBlock, sink, clocks); break;
        default: return cudaErrorInvalidValue;
    }
    return cudaGetLastError();
}

__device__ __forceinline__ void stV4Wb(uint4* p, uint4 v) {
    asm volatile("st.global.wb.v4.u32 [%0], {%1, %2, %3, %4};" ::"l"(p), "r"(v.x), "r"(v.y), "r"(v.z), "r"(v.w)
                 : "memory");
}

// Stores four deep: .cg past the L1 (kReadPastL1), or the default write-back store that an SM's
// L1 sees (kReadCached); over the grid once a pass, or every block over the whole array.
template <std::uint32_t Path>
__global__ void writeSweep(uint4* dst, std::size_t n, std::uint32_t inner, bool everyBlock) {
    const std::size_t step = everyBlock ? blockDim.x : static_cast<std::size_t>(gridDim.x) * blockDim.x;
    const std::size_t first = everyBlock ? threadIdx.x : static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x;
    const uint4 v = make_uint4(static_cast<std::uint32_t>(first), 1u, 2u, 3u);
    const auto store = [](uint4* p, uint4 value) {
        if constexpr (Path == kReadCached) stV4Wb(p, value);
        else stV4(p, value);
    };
    for (std::uint32_t it = 0; it < inner; ++it) {
        std::size_t i = first;
        for (; i + 3 * step < n; i += 4 * step) {
            store(dst + i, v);
            store(dst + i + step, v);
            store(dst + i + 2 * step, v);
            store(dst + i + 3 * step, v);
        }
        for (; i < n; i += step) store(dst + i, v);
    }
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

cudaError_t launchWrite(const ReadSweep& sweep, void* dst, std::size_t vec16, std::uint32_t inner, unsigned grid,
                        unsigned block, cudaStream_t s) {
    auto* p = static_cast<uint4*>(dst);
    if (sweep.path == kReadCached) writeSweep<kReadCached><<<grid, block, 0, s>>>(p, vec16, inner, sweep.everyBlock);
    else writeSweep<kReadPastL1><<<grid, block, 0, s>>>(p, vec16, inner, sweep.everyBlock);
    return cudaGetLastError();
}

cudaError_t launchRead(const ReadSweep& sweep, const void* src, std::size_t vec16, std::uint32_t inner, std::uint32_t* sink,
                       unsigned long long* clocks, unsigned grid, unsigned block, cudaStream_t s) {
    switch (sweep.path) {
        case kReadCached:
            return launchSweep<kReadCached>(sweep.loads, src, vec16, inner, sweep.everyBlock, sink, clocks, grid, block, 0, s);
        case kReadNonCoherent:
            return launchSweep<kReadNonCoherent>(sweep.loads, src, vec16, inner, sweep.everyBlock, sink, clocks, grid, block, 0, s);
        case kReadShared:
            return launchSweep<kReadShared>(sweep.loads, nullptr, vec16, inner, true, sink, clocks, grid, block, vec16 * 16, s);
        default: return launchSweep<kReadPastL1>(sweep.loads, src, vec16, inner, sweep.everyBlock, sink, clocks, grid, block, 0, s);
    }
}

}  // namespace ts::cudak
