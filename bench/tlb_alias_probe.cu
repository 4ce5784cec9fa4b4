// Does a walk over one physical allocation mapped again and again (CUDA virtual memory
// management) see the same translation levels as a walk over as much real memory? If so, the
// TLB walks need address space, not device memory. Outside the engine, like tlb_probe.cu.
// For each stride, one thread chases one 8-byte element per page (L2-resident, ld.global.cg);
// the element's place inside its page moves with the mapping's repeat, so no two pages share a
// physical word. Prints: mode, stride, pages, span, median, p90 and p99 cycles per load.
// Usage: tlb_alias_probe [physical MiB, default 1024] [virtual GiB, default 256]
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include <cuda.h>
#include <cuda_runtime.h>

#include "page_walk_probe.cuh"

namespace {

using probe::check;
using probe::walk;

constexpr unsigned kTimed = 1024;

__host__ __device__ std::uint64_t slot(std::uint64_t i, std::uint64_t stride, std::uint64_t physical) {
    const std::uint64_t repeat = i * stride / physical;  // which mapping of the allocation page i lies in
    return i * stride + (repeat % 4096) * 256 + (i % 16) * 4096 * 256 % stride;
}

__global__ void link(char* base, std::uint64_t stride, std::uint64_t physical, std::uint64_t pages) {
    const std::uint64_t i = blockIdx.x * std::uint64_t{blockDim.x} + threadIdx.x;
    if (i < pages)
        *reinterpret_cast<std::uint64_t*>(base + slot(i, stride, physical)) =
            reinterpret_cast<std::uint64_t>(base + slot((i + 1) % pages, stride, physical));
}

void check(CUresult e, const char* what) {
    if (e != CUDA_SUCCESS) {
        const char* text = "?";
        cuGetErrorString(e, &text);
        std::fprintf(stderr, "%s: %s\n", what, text);
        std::exit(1);
    }
}

}  // namespace

int main(int argc, char** argv) {
    const std::uint64_t physical = (argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 1024) << 20;
    const std::uint64_t span = (argc > 2 ? std::strtoull(argv[2], nullptr, 10) : 256) << 30;
    check(cudaFree(nullptr), "context");
    CUdevice dev = 0;
    check(cuCtxGetDevice(&dev), "device");
    CUmemAllocationProp prop{};
    prop.type = CU_MEM_ALLOCATION_TYPE_PINNED;
    prop.location.type = CU_MEM_LOCATION_TYPE_DEVICE;
    prop.location.id = dev;
    std::size_t granularity = 0;
    check(cuMemGetAllocationGranularity(&granularity, &prop, CU_MEM_ALLOC_GRANULARITY_RECOMMENDED), "granularity");
    CUmemGenericAllocationHandle handle{};
    check(cuMemCreate(&handle, physical, &prop, 0), "create");
    CUdeviceptr va = 0;
    check(cuMemAddressReserve(&va, span, physical, 0, 0), "reserve");
    CUmemAccessDesc access{};
    access.location = prop.location;
    access.flags = CU_MEM_ACCESS_FLAGS_PROT_READWRITE;
    for (std::uint64_t at = 0; at < span; at += physical) {
        check(cuMemMap(va + at, physical, 0, handle, 0), "map");
        check(cuMemSetAccess(va + at, physical, &access, 1), "access");
    }
    std::printf("granularity %zu B, physical %llu MiB mapped %llu times at %p\n", granularity,
                static_cast<unsigned long long>(physical >> 20), static_cast<unsigned long long>(span / physical),
                reinterpret_cast<void*>(va));
    char* base = reinterpret_cast<char*>(va);
    unsigned* out = nullptr;
    std::uint64_t* sink = nullptr;
    check(cudaMalloc(&out, kTimed * 4), "out");
    check(cudaMalloc(&sink, 8), "sink");
    std::printf("mode stride_MiB pages span_MiB median p90 p99\n");
    const std::uint64_t strides[] = {2ull << 20, 32ull << 20, 512ull << 20};
    std::vector<unsigned> host(kTimed);
    for (std::uint64_t stride : strides) {
        const std::uint64_t maxPages = std::min<std::uint64_t>(span / stride, 65536);
        std::vector<std::uint64_t> grid;
        for (std::uint64_t n = 1; n <= maxPages; n *= 2) {
            grid.push_back(n);
            if (n >= 2 && n * 3 / 2 <= maxPages) grid.push_back(n * 3 / 2);
            if (n >= 1024 && n * 5 / 4 <= maxPages) grid.push_back(n * 5 / 4);
        }
        std::sort(grid.begin(), grid.end());
        for (std::uint64_t n : grid) {
            link<<<static_cast<unsigned>((n + 255) / 256), 256>>>(base, stride, physical, n);
            walk<<<1, 1>>>(reinterpret_cast<std::uint64_t>(base + slot(0, stride, physical)), 2 * n + 64, kTimed, out, sink);
            check(cudaDeviceSynchronize(), "walk");
            check(cudaMemcpy(host.data(), out, kTimed * 4, cudaMemcpyDeviceToHost), "copy");
            std::sort(host.begin(), host.end());
            std::printf("alias %llu %llu %llu %u %u %u\n", static_cast<unsigned long long>(stride >> 20),
                        static_cast<unsigned long long>(n), static_cast<unsigned long long>((n * stride) >> 20),
                        host[kTimed / 2], host[kTimed * 9 / 10], host[kTimed * 99 / 100]);
        }
    }
    return 0;
}
