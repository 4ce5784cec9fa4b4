// GPU-to-GPU links of one host: copy bandwidth (timed cudaMemcpyPeerAsync) and load latency
// (a pointer chase by one thread of GPU a over memory of GPU b), for every ordered pair that
// cudaDeviceCanAccessPeer allows. Runs alone: call it when no benchmark uses the GPUs.
#pragma once
#include <string>
#include <vector>

#include "model/peer_link.hpp"

namespace ts::cuda {

// `devices`: CUDA device indices of this process. A pair without peer access, or whose
// measurement fails, gets a link with confidence 0 and the reason.
std::vector<PeerLink> measurePeerLinks(const std::vector<int>& devices, const std::string& host);

}  // namespace ts::cuda
