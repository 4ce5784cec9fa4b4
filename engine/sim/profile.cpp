#include "sim/profile.hpp"

#include <cctype>
#include <charconv>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "io/input_error.hpp"
#include "io/input_file.hpp"
#include "io/json_input.hpp"
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
        case CachePolicy::Fifo: return "fifo";
    }
    return "?";
}

std::string_view toString(IndexFunction index) {
    switch (index) {
        case IndexFunction::Modulo: return "modulo";
        case IndexFunction::Scrambled: return "scrambled";
        case IndexFunction::XorFold: break;
    }
    return "xor";
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
    try {
        return readInputFile(path, kMaxProfileBytes, "profile");
    } catch (const InputError& e) {
        throw ProfileError(e.what());
    }
}

// "sm_90" -> 9.0, "sm_100" -> 10.0, "gfx90a" -> 9.0, "gfx942" -> 9.4 (what the runtimes report).
// The parser has checked the form (archProblem), so the numbers fit.
void computeCapability(const std::string& arch, int& major, int& minor) {
    auto parse = [](std::string_view digits, int base) {
        int v = 0;
        std::from_chars(digits.data(), digits.data() + digits.size(), v, base);
        return v;
    };
    if (archProblem(arch).empty() && arch.rfind("sm_", 0) == 0) {
        std::string_view v(arch);
        v.remove_prefix(3);
        while (!v.empty() && !std::isdigit(static_cast<unsigned char>(v.back()))) v.remove_suffix(1);  // sm_90a
        major = parse(v.substr(0, v.size() - 1), 10);
        minor = v.back() - '0';
    } else if (archProblem(arch).empty() && arch.rfind("gfx", 0) == 0) {
        std::string_view v(arch);
        v.remove_prefix(3);
        major = parse(v.substr(0, v.size() - 2), 10);
        minor = parse(v.substr(v.size() - 2, 1), 16);
    }
}

}  // namespace

std::string archProblem(const std::string& arch) {
    auto all = [](std::string_view s, int (*is)(int)) {
        for (char c : s)
            if (!is(static_cast<unsigned char>(c))) return false;
        return true;
    };
    if (arch.rfind("sm_", 0) == 0) {
        std::string_view v(arch);
        v.remove_prefix(3);
        while (!v.empty() && std::islower(static_cast<unsigned char>(v.back()))) v.remove_suffix(1);  // sm_90a
        if (v.size() < 2 || v.size() > 4 || !all(v, std::isdigit))
            return "expected sm_ and 2 to 4 decimal digits (sm_90, sm_100a)";
    } else if (arch.rfind("gfx", 0) == 0) {
        std::string_view v(arch);
        v.remove_prefix(3);
        if (v.size() < 3 || v.size() > 5 || !all(v.substr(0, v.size() - 2), std::isdigit) || !all(v, std::isxdigit))
            return "expected gfx, the major version in decimal and two hexadecimal digits (gfx90a, gfx942, gfx1100)";
    }
    return {};
}

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
    if (p.vendor == Vendor::Amd) d.simdsPerUnit = p.compute.coresPerSm / 16;  // CDNA: 16 lanes per SIMD
    d.physicalUnitIds = p.compute.physicalCuIds;  // an NVIDIA GPU's %smid values with gaps, as the CUDA backend reports them
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
