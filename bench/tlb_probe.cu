// A plain page-stride pointer chase, outside the engine, to see whether the GPU's address
// translation shows any cost: for each stride (the candidate page size) and page count, one
// thread walks one 8-byte element per page (L2-resident, ld.global.cg) and times every load.
// Prints: stride, pages, span, median and 90th-percentile cycles of the timed loads.
// Usage: tlb_probe [max GiB to allocate, default 64]
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include <numeric>
#include <random>

#include <cuda_runtime.h>

#include "page_walk_probe.cuh"

namespace {

using probe::check;
using probe::walk;

constexpr unsigned kTimed = 1024;

__host__ __device__ std::uint64_t slot(std::uint64_t i, std::uint64_t stride) { return i * stride + (i % 64) * 256; }

// Page order[i] points at page order[i + 1]: ascending, or shuffled so that no stride predicts
// the next page (a translation prefetcher could hide misses of an ascending walk).
__global__ void link(char* base, std::uint64_t stride, const std::uint32_t* order, std::uint64_t pages) {
    const std::uint64_t i = blockIdx.x * std::uint64_t{blockDim.x} + threadIdx.x;
    if (i < pages)
        *reinterpret_cast<std::uint64_t*>(base + slot(order[i], stride)) =
            reinterpret_cast<std::uint64_t>(base + slot(order[(i + 1) % pages], stride));
}


}  // namespace

int main(int argc, char** argv) {
    std::uint64_t gib = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 64;
    char* base = nullptr;
    while (gib > 0 && cudaMalloc(&base, gib << 30) != cudaSuccess) {
        (void)cudaGetLastError();
        gib -= 8;
    }
    if (!base) return 1;
    const std::uint64_t span = gib << 30;
    unsigned* out = nullptr;
    std::uint64_t* sink = nullptr;
    check(cudaMalloc(&out, kTimed * 4), "out");
    check(cudaMalloc(&sink, 8), "sink");
    std::uint32_t* order = nullptr;
    check(cudaMalloc(&order, 32768 * 4), "order");
    std::printf("allocated %llu GiB at %p\norder stride_MiB pages span_MiB median p90 p99\n", static_cast<unsigned long long>(gib), base);
    const std::uint64_t strides[] = {2ull << 20, 32ull << 20, 512ull << 20, 2ull << 30};
    std::vector<unsigned> host(kTimed);
    std::mt19937 rng(7);
    for (int shuffled = 0; shuffled < 2; ++shuffled)
    for (std::uint64_t stride : strides) {
        const std::uint64_t maxPages = std::min<std::uint64_t>(span / stride, 32768);
        std::vector<std::uint64_t> grid;
        for (std::uint64_t n = 1; n <= maxPages; n *= 2) {
            grid.push_back(n);
            if (n >= 2 && n * 3 / 2 <= maxPages) grid.push_back(n * 3 / 2);
        }
        if (grid.back() != maxPages) grid.push_back(maxPages);
        std::sort(grid.begin(), grid.end());
        for (std::uint64_t n : grid) {
            std::vector<std::uint32_t> pageOrder(n);
            std::iota(pageOrder.begin(), pageOrder.end(), 0u);
            if (shuffled) std::shuffle(pageOrder.begin() + 1, pageOrder.end(), rng);
            check(cudaMemcpy(order, pageOrder.data(), n * 4, cudaMemcpyHostToDevice), "order");
            link<<<static_cast<unsigned>((n + 255) / 256), 256>>>(base, stride, order, n);
            walk<<<1, 1>>>(reinterpret_cast<std::uint64_t>(base), 2 * n + 64, kTimed, out, sink);
            check(cudaDeviceSynchronize(), "walk");
            check(cudaMemcpy(host.data(), out, kTimed * 4, cudaMemcpyDeviceToHost), "copy");
            std::sort(host.begin(), host.end());
            std::printf("%s %llu %llu %llu %u %u %u\n", shuffled ? "shuffled" : "ascending", static_cast<unsigned long long>(stride >> 20), static_cast<unsigned long long>(n),
                        static_cast<unsigned long long>((n * stride) >> 20), host[kTimed / 2], host[kTimed * 9 / 10], host[kTimed * 99 / 100]);
        }
    }
    return 0;
}
