#include "sim/profile.hpp"

#include <cctype>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "sim/builtin_profiles.hpp"

namespace ts {

bool SimCache::servesSpace(Space s) const {
    for (Space x : serves)
        if (x == s) return true;
    return false;
}

int SimProfile::physicalUnit(int logicalUnit) const {
    return compute.physicalCuIds.empty() ? logicalUnit
                                         : compute.physicalCuIds.at(static_cast<std::size_t>(logicalUnit));
}

std::string_view toString(CacheScope scope) {
    switch (scope) {
        case CacheScope::Sm: return "sm";
        case CacheScope::Cu: return "cu";
        case CacheScope::CuGroup: return "cu_group";
        case CacheScope::Xcd: return "xcd";
        case CacheScope::Gpu: return "gpu";
    }
    return "?";
}

std::string_view toString(CachePolicy policy) {
    switch (policy) {
        case CachePolicy::Lru: return "lru";
        case CachePolicy::Plru: return "plru";
        case CachePolicy::Random: return "random";
    }
    return "?";
}

namespace {

std::string builtinNames() {
    std::string names;
    for (const auto& b : builtinProfiles()) names += (names.empty() ? "" : ", ") + std::string(b.name);
    return names;
}

std::string readFile(const std::string& path) {
    std::error_code ec;
    if (!std::filesystem::exists(path, ec))
        throw ProfileError(path + ": no such file, and not a built-in profile (built-ins: " + builtinNames() + ")");
    if (std::filesystem::is_directory(path, ec)) throw ProfileError(path + ": is a directory, not a profile file");
    std::ifstream in(path, std::ios::binary);
    if (!in) throw ProfileError(path + ": cannot open: " + std::strerror(errno));
    std::ostringstream text;
    text << in.rdbuf();
    if (in.bad()) throw ProfileError(path + ": read error");
    return text.str();
}

// "sm_90" -> 9.0, "sm_100" -> 10.0, "gfx90a" -> 9.0, "gfx942" -> 9.4 (what the runtimes report).
void computeCapability(const std::string& arch, int& major, int& minor) {
    auto digits = [](const std::string& s) {
        for (char c : s)
            if (!std::isxdigit(static_cast<unsigned char>(c))) return false;
        return !s.empty();
    };
    if (arch.rfind("sm_", 0) == 0) {
        std::string v = arch.substr(3);
        while (!v.empty() && !std::isdigit(static_cast<unsigned char>(v.back()))) v.pop_back();  // sm_90a
        if (v.size() >= 2 && digits(v)) {
            major = std::stoi(v.substr(0, v.size() - 1));
            minor = v.back() - '0';
        }
    } else if (arch.rfind("gfx", 0) == 0) {
        const std::string v = arch.substr(3);
        if (v.size() >= 3 && digits(v)) {
            major = std::stoi(v.substr(0, v.size() - 2));
            minor = std::stoi(v.substr(v.size() - 2, 1), nullptr, 16);
        }
    }
}

}  // namespace

SimProfile loadProfile(const std::string& nameOrPath, std::vector<std::string>* warnings) {
    for (const auto& builtin : builtinProfiles())
        if (builtin.name == nameOrPath) return parseProfile(builtin.text, "builtin:" + nameOrPath, warnings);
    return parseProfile(readFile(nameOrPath), nameOrPath, warnings);
}

DeviceInfo deviceInfoFrom(const SimProfile& p) {
    DeviceInfo d;
    d.vendor = p.vendor;
    d.name = p.name;
    d.arch = p.arch;
    computeCapability(p.arch, d.ccMajor, d.ccMinor);
    d.clockKhz = p.clockKhz;
    d.memoryClockKhz = p.api.memoryClockKhz;
    d.memoryBusWidthBits = p.api.memoryBusWidth;
    d.unitCount = p.compute.smCount;
    d.warpSize = p.compute.warpSize;
    d.coresPerUnit = p.compute.coresPerSm;
    d.maxThreadsPerBlock = p.compute.maxThreadsPerBlock;
    d.maxThreadsPerUnit = p.compute.maxThreadsPerSm;
    d.maxBlocksPerUnit = p.compute.maxBlocksPerSm;
    d.regsPerBlock = p.compute.regsPerBlock;
    d.regsPerUnit = p.compute.regsPerSm;
    d.l2SizeBytes = p.api.l2Size;
    d.l2LineBytes = p.api.l2Line;
    d.persistingL2MaxBytes = p.api.persistingL2Max;
    d.sharedPerUnitBytes = p.api.sharedMemPerSm;
    d.sharedPerBlockBytes = p.api.sharedMemPerBlock;
    d.reservedSharedPerBlockBytes = p.api.reservedSharedMemPerBlock;
    d.totalConstBytes = p.api.totalConstMem;
    d.totalGlobalBytes = p.api.totalGlobalMem;
    d.xcds = p.compute.xcds;
    if (p.vendor == Vendor::Amd) {
        d.simdsPerUnit = p.compute.coresPerSm / 16;  // CDNA: 16 lanes per SIMD
        d.physicalUnitIds = p.compute.physicalCuIds;
    }
    d.driver = "simulated";
    d.backend = "sim";
    d.extra["profile"] = p.origin;
    if (p.mig) {
        d.mig = p.mig;
        d.extra["mig"] = std::string(toString(p.mig->mode));
    }
    return d;
}

}  // namespace ts
