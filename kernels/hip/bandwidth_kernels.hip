// Bandwidth kernels: 16-byte vectors, grid-stride loops, `inner` sweeps over the buffer.
// Device-memory runs use non-temporal accesses (slc on gfx90a, nt on gfx94x, chosen by the
// compiler for __builtin_nontemporal_*), so a sweep does not try to keep lines in the L2.
#include "amdgcn.hpp"
#include "launch_api.hpp"

namespace ts::hipk {
namespace {

using Vec = HIP_vector_base<std::uint32_t, 4>::Native_vec_;

template <bool NT>
__device__ __forceinline__ Vec read(const Vec* p) {
    if constexpr (NT) return __builtin_nontemporal_load(p);
    else return *p;
}

template <bool NT>
__device__ __forceinline__ void write(Vec* p, Vec v) {
    if constexpr (NT) __builtin_nontemporal_store(v, p);
    else *p = v;
}

template <BwOp Op, bool NT>
__global__ void bandwidthKernel(const Vec* src, Vec* dst, std::size_t n, std::uint32_t inner, std::uint32_t* sink) {
    const std::size_t first = blockIdx.x * std::size_t{blockDim.x} + threadIdx.x;
    const std::size_t step = std::size_t{gridDim.x} * blockDim.x;
    Vec acc = {0, 0, 0, 0};
    for (std::uint32_t r = 0; r < inner; ++r) {
        for (std::size_t i = first; i < n; i += step) {
            if constexpr (Op == kBwRead) acc ^= read<NT>(src + i);
            else if constexpr (Op == kBwWrite) write<NT>(dst + i, Vec{r, 1, 2, 3});
            else write<NT>(dst + i, read<NT>(src + i));
        }
    }
    // Never true at run time, but the compiler cannot know: the reads stay.
    if (acc[0] == 0x9e3779b9u && acc[1] == acc[2]) *sink = acc[3];
}

template <BwOp Op>
hipError_t launchOp(bool nt, const void* src, void* dst, std::size_t n, std::uint32_t inner, std::uint32_t* sink,
                    unsigned grid, unsigned block, hipStream_t s) {
    const auto* in = static_cast<const Vec*>(src);
    auto* out = static_cast<Vec*>(dst);
    if (nt) hipLaunchKernelGGL((bandwidthKernel<Op, true>), dim3(grid), dim3(block), 0, s, in, out, n, inner, sink);
    else hipLaunchKernelGGL((bandwidthKernel<Op, false>), dim3(grid), dim3(block), 0, s, in, out, n, inner, sink);
    return hipGetLastError();
}

template <bool Lds, int Loads>
__global__ void readSweep(const Vec* global, std::size_t n, std::uint32_t inner, bool everyBlock, std::uint32_t* sink) {
    extern __shared__ Vec lds[];
    const Vec* src = global;
    if constexpr (Lds) {
        for (std::size_t i = threadIdx.x; i < n; i += blockDim.x) lds[i] = Vec{static_cast<std::uint32_t>(i), 1, 2, 3};
        __syncthreads();
        src = lds;
    }
    const std::size_t step = everyBlock ? std::size_t{blockDim.x} : std::size_t{gridDim.x} * blockDim.x;
    const std::size_t first = everyBlock ? std::size_t{threadIdx.x} : blockIdx.x * std::size_t{blockDim.x} + threadIdx.x;
    Vec acc = {0, 0, 0, 0};
    for (std::uint32_t r = 0; r < inner; ++r) {
        std::size_t i = first;
        for (; i + (Loads - 1) * step < n; i += Loads * step) {
            Vec v[Loads];
#pragma unroll
            for (int k = 0; k < Loads; ++k) v[k] = src[i + k * step];
#pragma unroll
            for (int k = 0; k < Loads; ++k) acc ^= v[k];
        }
        for (; i < n; i += step) acc ^= src[i];
    }
    if (acc[0] == 0x9e3779b9u && acc[1] == acc[2]) *sink = acc[3];
}

template <bool Lds>
hipError_t launchSweep(int loads, bool everyBlock, const Vec* src, std::size_t n, std::uint32_t inner, std::uint32_t* sink,
                       unsigned grid, unsigned block, hipStream_t s) {
    const std::size_t ldsBytes = Lds ? n * sizeof(Vec) : 0;
    switch (loads) {
        case 1: hipLaunchKernelGGL((readSweep<Lds, 1>), dim3(grid), dim3(block), ldsBytes, s, src, n, inner, everyBlock, sink); break;
        case 2: hipLaunchKernelGGL((readSweep<Lds, 2>), dim3(grid), dim3(block), ldsBytes, s, src, n, inner, everyBlock, sink); break;
        case 4: hipLaunchKernelGGL((readSweep<Lds, 4>), dim3(grid), dim3(block), ldsBytes, s, src, n, inner, everyBlock, sink); break;
        case 8: hipLaunchKernelGGL((readSweep<Lds, 8>), dim3(grid), dim3(block), ldsBytes, s, src, n, inner, everyBlock, sink); break;
        default: return hipErrorInvalidValue;
    }
    return hipGetLastError();
}

}  // namespace

hipError_t launchReadSweep(bool lds, int loads, bool everyBlock, const void* src, std::size_t vec16, std::uint32_t inner,
                           std::uint32_t* sink, unsigned grid, unsigned block, hipStream_t s) {
    const auto* in = static_cast<const Vec*>(src);
    return lds ? launchSweep<true>(loads, true, nullptr, vec16, inner, sink, grid, block, s)
               : launchSweep<false>(loads, everyBlock, in, vec16, inner, sink, grid, block, s);
}

hipError_t launchBandwidth(BwOp op, bool nonTemporal, const void* src, void* dst, std::size_t vec16,
                           std::uint32_t inner, std::uint32_t* sink, unsigned grid, unsigned block, hipStream_t s) {
    switch (op) {
        case kBwRead: return launchOp<kBwRead>(nonTemporal, src, dst, vec16, inner, sink, grid, block, s);
        case kBwWrite: return launchOp<kBwWrite>(nonTemporal, src, dst, vec16, inner, sink, grid, block, s);
        default: return launchOp<kBwCopy>(nonTemporal, src, dst, vec16, inner, sink, grid, block, s);
    }
}

}  // namespace ts::hipk
