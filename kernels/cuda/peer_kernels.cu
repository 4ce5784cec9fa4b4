// Pointer chase over peer memory: the latency of one load from another GPU over NVLink/PCIe.
#include <cstdint>

#include "peer_abi.hpp"

namespace ts::cudak {
namespace {

__device__ __forceinline__ unsigned long long nowNs() {
    unsigned long long t;
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
    return t;
}

__global__ void peerChaseKernel(const std::uint32_t* chain, std::uint32_t loads, std::uint32_t* sink,
                                unsigned long long* ns) {
    if (threadIdx.x != 0 || blockIdx.x != 0) return;
    std::uint32_t j = 0;
    const unsigned long long start = nowNs();
    // __ldcv: fetch again on every load, so no cache on this GPU answers for the peer's memory.
    for (std::uint32_t i = 0; i < loads; ++i) j = __ldcv(chain + j);
    const unsigned long long stop = nowNs();
    *sink = j;
    *ns = stop - start;
}

}  // namespace

cudaError_t launchPeerChase(const std::uint32_t* chain, std::uint32_t loads, std::uint32_t* sink,
                            unsigned long long* ns, cudaStream_t s) {
    peerChaseKernel<<<1, 32, 0, s>>>(chain, loads, sink, ns);
    return cudaGetLastError();
}

}  // namespace ts::cudak
