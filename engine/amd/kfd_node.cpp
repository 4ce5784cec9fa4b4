#include <cstdio>

#include "amd/kfd_topology.hpp"

namespace ts::amd {

std::string gfxTargetName(std::uint32_t v) {
    if (v == 0) return "";
    const std::uint32_t major = v / 10000, minor = (v / 100) % 100, stepping = v % 100;
    if (minor > 9 || stepping > 15) return "";
    char buf[32];
    std::snprintf(buf, sizeof buf, "gfx%u%u%x", major, minor, stepping);
    return buf;
}

std::string KfdNode::gfxTarget() const { return gfxTargetName(gfxTargetVersion); }

int KfdNode::shaderEnginesPerXcc() const {
    if (simdArraysPerEngine <= 0 || numXcc <= 0 || arrayCount % (simdArraysPerEngine * numXcc) != 0) return 0;
    return arrayCount / (simdArraysPerEngine * numXcc);
}

std::uint64_t KfdNode::memoryBytes() const {
    if (localMemSize > 0) return localMemSize;
    std::uint64_t sum = 0;
    for (const auto& b : memBanks) sum += b.sizeBytes;
    return sum;
}

}  // namespace ts::amd
