// toposcope-cuda-diag: focused experiments behind the CUDA backend's harder decisions (L1 capacity
// near the knee, L2 fetch granularity under the driver's fetch limit, texture and constant hit
// paths). Prints tables; docs/cuda-backend.md quotes its figures. Usage: toposcope-cuda-diag [device]
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <string>
#include <vector>

#include "analysis/robust.hpp"
#include "chase_request.hpp"
#include "cuda/cuda_backend.hpp"

namespace {

using ts::chaseRequest;
using ts::Space;
constexpr std::uint64_t KiB = 1024;

std::size_t countAbove(const std::vector<std::uint32_t>& v, std::uint32_t t) {
    return static_cast<std::size_t>(std::count_if(v.begin(), v.end(), [&](std::uint32_t x) { return x > t; }));
}

std::string pattern(const std::vector<std::uint32_t>& v, std::uint32_t t, std::size_t n = 64) {
    std::string s;
    for (std::size_t i = 0; i < std::min(n, v.size()); ++i) s += v[i] > t ? 'M' : '.';
    return s;
}

void l1Knee(ts::Backend& b, Space space, std::uint32_t record, const char* label) {
    std::printf("\n== %s knee, record %u loads (smem %u B): size KiB -> loads over 100 cy / loads\n", label, record,
                record * 4);
    for (int rep = 0; rep < 2; ++rep) {
        std::printf("  rep %d:", rep);
        for (std::uint64_t s = 240 * KiB; s <= 256 * KiB; s += KiB) {
            const auto loads = std::min<std::uint32_t>(record, static_cast<std::uint32_t>(s / 128));
            const auto r = b.chase(chaseRequest(space, s, 128, 1, loads));
            std::printf(" %llu:%zu", static_cast<unsigned long long>(s / KiB), countAbove(r.latencies, 100));
        }
        std::printf("\n");
    }
}

void l1KneeBatched(ts::Backend& b) {
    std::printf("\n== L1 knee batched (one launch, units 0..16, 512 B steps from 244 KiB)\n ");
    std::vector<ts::ChaseRequest> reqs;
    for (int i = 0; i < 17; ++i) reqs.push_back(chaseRequest(Space::Global, 244 * KiB + 512ull * i, 128, 1, 256, i));
    const auto res = b.chaseBatch(reqs);
    for (std::size_t i = 0; i < res.size(); ++i)
        std::printf(" %.1f:%zu", (244 * KiB + 512.0 * static_cast<double>(i)) / 1024.0, countAbove(res[i].latencies, 100));
    std::printf("\n");
}

void l2FetchGranularity(ts::Backend& b) {
    std::size_t deflt = 0;
    cudaDeviceGetLimit(&deflt, cudaLimitMaxL2FetchGranularity);
    std::printf("\n== L2 fetch granularity: cudaLimitMaxL2FetchGranularity default %zu B\n", deflt);
    for (std::size_t limit : {deflt, std::size_t{0}, std::size_t{32}, std::size_t{64}, std::size_t{128}, deflt}) {
        const cudaError_t e = cudaDeviceSetLimit(cudaLimitMaxL2FetchGranularity, limit);
        std::size_t now = 0;
        cudaDeviceGetLimit(&now, cudaLimitMaxL2FetchGranularity);
        for (std::uint32_t stride : {16u, 32u, 64u}) {
            const auto r = b.chase(chaseRequest(Space::GlobalL2, 256 * KiB, stride, 0, 256));
            std::printf("  limit %3zu (set %s, now %3zu) stride %2u: misses %3zu/256 median %4.0f  %s\n", limit,
                        e == cudaSuccess ? "ok" : cudaGetErrorString(e), now, stride, countAbove(r.latencies, 420),
                        ts::median(r.latencies), pattern(r.latencies, 420).c_str());
        }
    }
}

void hitPaths(ts::Backend& b) {
    std::printf("\n== hit latencies (warm, 256 loads): median / min\n");
    struct Case { Space s; std::uint64_t bytes; std::uint32_t stride; const char* label; };
    for (const Case& c : {Case{Space::Global, 16 * KiB, 128, "L1 .ca 16K/128"}, Case{Space::ReadOnly, 16 * KiB, 128, "RO .nc 16K/128"},
                          Case{Space::Texture, 16 * KiB, 128, "texture 16K/128"}, Case{Space::Texture, 4 * KiB, 4, "texture 4K/4"},
                          Case{Space::Texture, 16 * KiB, 32, "texture 16K/32"}, Case{Space::Constant, 1 * KiB, 64, "constant 1K/64"},
                          Case{Space::Constant, 1 * KiB, 4, "constant 1K/4"}, Case{Space::Constant, 256, 64, "constant 256/64"},
                          Case{Space::Shared, 16 * KiB, 128, "shared 16K/128"}}) {
        const auto r = b.chase(chaseRequest(c.s, c.bytes, c.stride, 2, 256));
        const auto mn = *std::min_element(r.latencies.begin(), r.latencies.end());
        std::printf("  %-18s %4.0f / %4u\n", c.label, ts::median(r.latencies), mn);
    }
}

void constantLines(ts::Backend& b) {
    std::printf("\n== constant L1: array x stride -> loads over 60 cy / loads (warm 2 passes)\n");
    for (std::uint64_t bytes : {1536ull, 2048ull, 2560ull, 3072ull, 4096ull}) {
        std::printf("  %5llu B:", static_cast<unsigned long long>(bytes));
        for (std::uint32_t stride : {16u, 32u, 48u, 64u, 96u, 128u, 192u, 256u}) {
            const std::uint32_t loads = static_cast<std::uint32_t>(std::max<std::uint64_t>(1, bytes / stride)) * 2;
            const auto r = b.chase(chaseRequest(Space::Constant, bytes, stride, 2, std::min(loads, 256u)));
            std::printf(" s%u:%zu/%zu", stride, countAbove(r.latencies, 60), r.latencies.size());
        }
        std::printf("\n");
    }
}

void textureLines(ts::Backend& b) {
    std::printf("\n== texture: 384 KiB array x stride -> misses / loads, median\n ");
    for (std::uint32_t stride : {32u, 64u, 96u, 128u, 160u, 192u, 256u, 384u, 512u}) {
        const auto r = b.chase(chaseRequest(Space::Texture, 384 * KiB, stride, 1, 256));
        std::printf(" s%u:%zu med %.0f |", stride, countAbove(r.latencies, 200), ts::median(r.latencies));
    }
    std::printf("\n");
}


// Samples spread over the whole pass (every n-th load timed), as the size search takes them.
ts::ChaseRequest spread(Space space, std::uint64_t bytes, int unit) {
    ts::ChaseRequest r = chaseRequest(space, bytes, 128, 1, 256, unit);
    r.recordEvery = static_cast<std::uint32_t>(std::max<std::uint64_t>(1, bytes / 128 / 256));
    return r;
}

void spreadKnee(ts::Backend& b, Space space, const char* label) {
    std::printf("\n== %s knee, samples spread over the array: size KiB -> loads over 100 cy / 256\n", label);
    for (int unit : {0, 8, 64}) {
        std::printf("  unit %2d:", unit);
        for (std::uint64_t s = 232 * KiB; s <= 272 * KiB; s += 4 * KiB)
            std::printf(" %llu:%zu", static_cast<unsigned long long>(s / KiB), countAbove(b.chase(spread(space, s, unit)).latencies, 100));
        std::printf("\n");
    }
}

void batchedDoublings(ts::Backend& b) {
    std::printf("\n== doublings 64..512 KiB batched on units 0..3, spread samples: misses\n ");
    std::vector<ts::ChaseRequest> reqs;
    for (int i = 0; i < 4; ++i) reqs.push_back(spread(Space::Global, (64 * KiB) << i, i));
    const auto res = b.chaseBatch(reqs);
    for (std::size_t i = 0; i < res.size(); ++i) std::printf(" %llu:%zu", static_cast<unsigned long long>((64 << i)), countAbove(res[i].latencies, 100));
    std::printf("\n");
}

void lineRows(ts::Backend& b, Space space, double capacity, std::uint32_t threshold, const char* label,
              std::vector<std::uint32_t> strides) {
    for (double factor : {1.25, 1.5, 2.0}) {
        const auto bytes = static_cast<std::uint64_t>(factor * capacity) / 3072 * 3072;
        std::printf("  %-8s A=%.2fC (%llu B):", label, factor, static_cast<unsigned long long>(bytes));
        for (std::uint32_t s : strides) {
            if (bytes / s < 8) break;
            const auto loads = static_cast<std::uint32_t>(std::min<std::uint64_t>(256, bytes / s));
            const auto r = b.chase(chaseRequest(space, bytes, s, 2, loads));
            std::printf(" s%u:%.2f", s, static_cast<double>(countAbove(r.latencies, threshold)) / static_cast<double>(r.latencies.size()));
        }
        std::printf("\n");
    }
}

void lineExperiments(ts::Backend& b) {
    std::printf("\n== line-size rows: miss share per stride at arrays of 1.25, 1.5 and 2 x the capacity\n");
    const std::vector<std::uint32_t> l1{32, 48, 64, 96, 128, 192, 256, 384, 512, 768, 1536};
    lineRows(b, Space::Global, 240.0 * KiB, 150, "L1", l1);
    lineRows(b, Space::Texture, 240.0 * KiB, 200, "texture", l1);
    lineRows(b, Space::Constant, 2048, 60, "constant", {16, 32, 48, 64, 96, 128, 192, 256, 384});
    lineRows(b, Space::GlobalL2, 28.0 * 1024 * KiB, 420, "L2", l1);
}

template <class F>
void guarded(const char* what, F f) {
    try {
        f();
    } catch (const std::exception& e) {
        std::printf("  %s FAILED: %s\n", what, e.what());
    }
}

}  // namespace

int main(int argc, char** argv) {
    const int device = argc > 1 ? std::atoi(argv[1]) : 0;
    std::unique_ptr<ts::Backend> backend;
    try {
        backend = ts::makeCudaBackend(device);
    } catch (const std::exception& e) {
        std::printf("no CUDA backend: %s\n", e.what());
        return 1;
    }
    ts::Backend& b = *backend;
    const auto info = b.queryDevice();
    std::printf("%s, %d SMs, driver %s\n", info.name.c_str(), info.unitCount, info.driver.c_str());
    guarded("hit paths", [&] { hitPaths(b); });
    guarded("L1 spread", [&] { spreadKnee(b, Space::Global, "L1 .ca"); });
    guarded("line rows", [&] { lineExperiments(b); });
    return 0;
}
