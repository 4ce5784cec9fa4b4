#include "fleet/member_identity.hpp"

#include <unistd.h>

#include <cstdint>
#include <cstdio>

namespace ts::fleet {
namespace {

// FNV-1a 64: stable across runs and platforms, unlike std::hash.
std::uint64_t fnv1a(const std::string& text, std::uint64_t hash = 1469598103934665603ull) {
    for (unsigned char c : text) {
        hash ^= c;
        hash *= 1099511628211ull;
    }
    return hash;
}

std::string uuidShaped(std::uint64_t high, std::uint64_t low) {
    char buf[48];
    std::snprintf(buf, sizeof buf, "%08x-%04x-%04x-%04x-%012llx", static_cast<unsigned>(high >> 32),
                  static_cast<unsigned>((high >> 16) & 0xffff), static_cast<unsigned>(high & 0xffff),
                  static_cast<unsigned>(low >> 48), static_cast<unsigned long long>(low & 0xffffffffffffull));
    return buf;
}

}  // namespace

GpuIdentity gpuIdentity(const DeviceInfo& device, int rank, int deviceIndex) {
    if (auto it = device.extra.find("uuid"); it != device.extra.end() && !it->second.empty()) return {it->second, false};
    if (device.backend != "sim") return {"", false};
    const auto profile = device.extra.count("profile") ? device.extra.at("profile") : device.name;
    const std::string key = profile + "|rank " + std::to_string(rank) + "|device " + std::to_string(deviceIndex);
    const std::uint64_t high = fnv1a(key);
    const std::uint64_t low = fnv1a(key, high);
    return {"SIM-" + uuidShaped(high, low), true};
}

std::string localHostName() {
    char name[256] = {};
    if (gethostname(name, sizeof name - 1) != 0 || name[0] == '\0') return "unknown-host";
    return name;
}

}  // namespace ts::fleet
