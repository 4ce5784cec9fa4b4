// What the stand-alone page-walk probes (tlb_probe.cu, tlb_alias_probe.cu) share: the timed
// pointer walk and the error check.
#pragma once
#include <cstdint>
#include <cstdio>
#include <cstdlib>

#include <cuda_runtime.h>

namespace probe {

// Times batches of kBatch dependent loads (clock64 around each batch, the last load's value
// consumed by a store before the second read): the mean cycles per load of each batch.
constexpr unsigned kBatch = 32;

__global__ void walk(std::uint64_t start, std::uint64_t warm, unsigned batches, unsigned* out, std::uint64_t* sink) {
    std::uint64_t p = start;
    for (std::uint64_t k = 0; k < warm; ++k) asm volatile("ld.global.cg.u64 %0, [%0];" : "+l"(p));
    __shared__ std::uint64_t keep;
    for (unsigned b = 0; b < batches; ++b) {
        const long long t0 = clock64();
        for (unsigned k = 0; k < kBatch; ++k) asm volatile("ld.global.cg.u64 %0, [%0];" : "+l"(p));
        keep = p;
        __syncwarp();
        const long long t1 = clock64();
        out[b] = static_cast<unsigned>((t1 - t0) / kBatch);
    }
    *sink = p + keep;
}

inline void check(cudaError_t e, const char* what) {
    if (e != cudaSuccess) {
        std::fprintf(stderr, "%s: %s\n", what, cudaGetErrorString(e));
        std::exit(1);
    }
}

}  // namespace probe
