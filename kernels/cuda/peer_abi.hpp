// Host-side entry of the peer-latency kernel (peer_kernels.cu).
#pragma once
#include <cstdint>

#include <cuda_runtime_api.h>

namespace ts::cudak {

// One thread walks `loads` dependent loads of `chain` (an index chain, possibly in another GPU's
// memory) with cache-bypassing loads and writes the elapsed global-timer nanoseconds to `*ns`.
cudaError_t launchPeerChase(const std::uint32_t* chain, std::uint32_t loads, std::uint32_t* sink,
                            unsigned long long* ns, cudaStream_t s);

}  // namespace ts::cudak
