#pragma once
#include <string>

namespace ts {

// GPU-to-GPU link measured between two devices of one host (CUDA peer access).
struct PeerLink {
    std::string host;
    int fromDevice = 0;
    int toDevice = 0;
    bool peerAccess = false;       // cudaDeviceCanAccessPeer said yes
    double copyGibPerSecond = 0;   // timed peer copy from `fromDevice` memory to `toDevice` memory
    double latencyNs = 0;          // one-word round trip / pointer chase over peer memory
    std::string method;            // how both were measured
    double confidence = 0;         // 0: not measured (reason says why)
    std::string reason;
};

}  // namespace ts
