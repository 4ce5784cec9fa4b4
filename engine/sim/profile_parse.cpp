// parseProfile: JSON text -> SimProfile, with a type and range check on every field.
// Rules that relate several fields live in profile_check.cpp.
#include <limits>
#include <string>

#include "io/input_error.hpp"
#include "io/input_file.hpp"
#include "io/json_input.hpp"
#include "sim/profile.hpp"
#include "sim/profile_check.hpp"
#include "sim/profile_mig.hpp"
#include "sim/profile_reader.hpp"
#include "sim/profile_tlb.hpp"

namespace ts {
namespace {

using sim_detail::childPath;
using sim_detail::indexPath;
using sim_detail::Json;
using sim_detail::ProfileReader;

// Upper bounds that no real GPU comes near; larger values are typos.
constexpr std::uint64_t kMaxBytes = 1ull << 40;        // 1 TiB
constexpr std::uint64_t kMaxMemoryBytes = 1ull << 50;  // device memory
// Cycles. The slowest simulated load (memory, every TLB level missed, jitter, an outlier) stays
// well under the 100,000 cycles at which the engine takes a load for another context's time
// slice (benchmarks/interference_guard.hpp): a profile beyond that made every run look shared.
// No GPU level is near it (device memory takes some 500-1000 cycles, a TLB miss some hundreds).
constexpr std::uint64_t kMaxLatency = 10'000;
constexpr std::uint64_t kMaxJitter = 1'000;
constexpr std::uint64_t kMaxUnits = 65536;
constexpr std::uint64_t kMaxClockKhz = 10'000'000;     // 10 GHz
constexpr double kMaxGibs = 1e6;

std::string lower(std::string s) {
    for (char& c : s) c = static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
    return s;
}

Vendor readVendor(const ProfileReader& r, const Json& root) {
    const std::string text = r.requireString(root, "", "vendor");
    if (lower(text) == "nvidia") return Vendor::Nvidia;
    if (lower(text) == "amd") return Vendor::Amd;
    r.fail("vendor", "expected \"NVIDIA\" or \"AMD\", got \"" + cutForMessage(text) + "\"");
}

void readLayout(const ProfileReader& r, const Json& j, const std::string& path, SimCompute& c) {
    r.expectObject(j, path);
    r.checkKeys(j, path, {"tpcs_per_gpc", "sms_per_tpc", "max_cluster_size"});
    const std::string gpcsPath = childPath(path, "tpcs_per_gpc");
    const Json& gpcs = r.require(j, path, "tpcs_per_gpc");
    r.expectArray(gpcs, gpcsPath);
    for (std::size_t i = 0; i < gpcs.size(); ++i)
        c.tpcsPerGpc.push_back(static_cast<int>(r.integer(gpcs[i], indexPath(gpcsPath, i), 1, 1024)));
    c.smsPerTpc = static_cast<int>(r.optionalInt(j, path, "sms_per_tpc", 1, 16, 2));
    c.maxClusterSize = static_cast<int>(r.optionalInt(j, path, "max_cluster_size", 0, 64, 0));
}

SimCompute readCompute(const ProfileReader& r, const Json& root) {
    const std::string path = "compute";
    const Json& j = r.require(root, "", path);
    r.expectObject(j, path);
    r.checkKeys(j, path, {"sm_count", "warp_size", "cores_per_sm", "max_threads_per_block", "max_threads_per_sm",
                          "max_blocks_per_sm", "regs_per_block", "regs_per_sm", "xcds", "physical_cu_ids", "layout",
                          "bytes_in_flight"});
    SimCompute c;
    auto integer = [&](std::string_view key, std::uint64_t min, std::uint64_t max) {
        return static_cast<int>(r.requireInt(j, path, key, min, max));
    };
    c.smCount = integer("sm_count", 1, kMaxUnits);
    c.warpSize = integer("warp_size", 1, 1024);
    c.coresPerSm = integer("cores_per_sm", 1, 65536);
    c.maxThreadsPerBlock = integer("max_threads_per_block", 1, 1 << 20);
    c.maxThreadsPerSm = integer("max_threads_per_sm", 1, 1 << 20);
    c.maxBlocksPerSm = integer("max_blocks_per_sm", 1, 65536);
    c.regsPerBlock = integer("regs_per_block", 1, 1 << 24);
    c.regsPerSm = integer("regs_per_sm", 1, 1 << 24);
    c.xcds = static_cast<int>(r.optionalInt(j, path, "xcds", 1, 64, 1));
    c.bytesInFlight = static_cast<std::uint32_t>(r.optionalInt(j, path, "bytes_in_flight", 256, 1 << 24, c.bytesInFlight));
    if (const Json* ids = ProfileReader::find(j, "physical_cu_ids")) {
        const std::string idsPath = childPath(path, "physical_cu_ids");
        r.expectArray(*ids, idsPath);
        for (std::size_t i = 0; i < ids->size(); ++i)
            c.physicalCuIds.push_back(static_cast<int>(r.integer((*ids)[i], indexPath(idsPath, i), 0, 1 << 20)));
    }
    if (const Json* layout = ProfileReader::find(j, "layout")) readLayout(r, *layout, childPath(path, "layout"), c);
    return c;
}

CacheScope readScope(const ProfileReader& r, const Json& j, const std::string& path) {
    const std::string text = r.requireString(j, path, "scope");
    if (text == "sm") return CacheScope::Sm;
    if (text == "cu") return CacheScope::Cu;
    if (text == "cu_group") return CacheScope::CuGroup;
    if (text == "xcd") return CacheScope::Xcd;
    if (text == "gpu") return CacheScope::Gpu;
    r.fail(childPath(path, "scope"), "expected one of sm, cu, cu_group, xcd, gpu; got \"" + cutForMessage(text) + "\"");
}

CachePolicy readPolicy(const ProfileReader& r, const Json& j, const std::string& path) {
    if (!ProfileReader::find(j, "policy")) return CachePolicy::Lru;
    const std::string text = r.requireString(j, path, "policy");
    if (text == "lru") return CachePolicy::Lru;
    if (text == "plru") return CachePolicy::Plru;
    if (text == "random") return CachePolicy::Random;
    if (text == "fifo") return CachePolicy::Fifo;
    r.fail(childPath(path, "policy"), "expected one of lru, plru, random, fifo; got \"" + cutForMessage(text) + "\"");
}

IndexFunction readIndex(const ProfileReader& r, const Json& j, const std::string& path) {
    if (!ProfileReader::find(j, "index")) return IndexFunction::XorFold;
    const std::string text = r.requireString(j, path, "index");
    if (text == "xor") return IndexFunction::XorFold;
    if (text == "modulo") return IndexFunction::Modulo;
    if (text == "scrambled") return IndexFunction::Scrambled;
    r.fail(childPath(path, "index"), "expected one of xor, modulo, scrambled; got \"" + cutForMessage(text) + "\"");
}

std::vector<Space> readServes(const ProfileReader& r, const Json& j, const std::string& path) {
    const std::string servesPath = childPath(path, "serves");
    const Json& list = r.require(j, path, "serves");
    r.expectArray(list, servesPath);
    if (list.empty()) r.fail(servesPath, "must name at least one space");
    std::vector<Space> spaces;
    for (std::size_t i = 0; i < list.size(); ++i) {
        const std::string itemPath = indexPath(servesPath, i);
        const std::string name = r.string(list[i], itemPath);
        auto space = spaceFromString(name);
        if (!space) r.fail(itemPath, "unknown space \"" + cutForMessage(name) + "\"");
        for (Space s : spaces)
            if (s == *space) r.fail(itemPath, "space \"" + name + "\" listed twice");
        spaces.push_back(*space);
    }
    return spaces;
}

std::vector<std::vector<int>> readGroups(const ProfileReader& r, const Json& j, const std::string& path) {
    std::vector<std::vector<int>> groups;
    const Json* list = ProfileReader::find(j, "groups");
    if (!list) return groups;
    const std::string groupsPath = childPath(path, "groups");
    r.expectArray(*list, groupsPath);
    for (std::size_t g = 0; g < list->size(); ++g) {
        const std::string groupPath = indexPath(groupsPath, g);
        r.expectArray((*list)[g], groupPath);
        if ((*list)[g].empty()) r.fail(groupPath, "a group needs at least one CU");
        std::vector<int> group;
        for (std::size_t k = 0; k < (*list)[g].size(); ++k)
            group.push_back(static_cast<int>(r.integer((*list)[g][k], indexPath(groupPath, k), 0, 1 << 20)));
        groups.push_back(std::move(group));
    }
    return groups;
}

SimCache readCache(const ProfileReader& r, const Json& j, const std::string& path) {
    r.expectObject(j, path);
    r.checkKeys(j, path, {"id", "serves", "scope", "per_sm", "size", "line", "sector", "ways", "policy", "index", "latency",
                          "far_latency", "segments", "replicate_far", "unit_spread", "groups", "read_gibs", "write_gibs",
                          "bytes_per_cycle", "write", "write_allocate"});
    SimCache c;
    c.id = r.requireString(j, path, "id");
    c.serves = readServes(r, j, path);
    c.scope = readScope(r, j, path);
    c.perSm = static_cast<int>(r.optionalInt(j, path, "per_sm", 1, 64, 1));
    c.size = r.requireInt(j, path, "size", 1, kMaxBytes);
    c.line = static_cast<std::uint32_t>(r.requireInt(j, path, "line", 1, 1 << 16));
    c.sector = static_cast<std::uint32_t>(r.optionalInt(j, path, "sector", 1, 1 << 16, c.line));
    c.ways = static_cast<std::uint32_t>(r.optionalInt(j, path, "ways", 0, 1 << 24, 0));
    c.policy = readPolicy(r, j, path);
    c.index = readIndex(r, j, path);
    c.latency = static_cast<std::uint32_t>(r.requireInt(j, path, "latency", 1, kMaxLatency));
    c.farLatency = static_cast<std::uint32_t>(r.optionalInt(j, path, "far_latency", 1, kMaxLatency, c.latency));
    c.segments = static_cast<int>(r.optionalInt(j, path, "segments", 1, 64, 1));
    if (const Json* replicate = ProfileReader::find(j, "replicate_far"))
        c.replicateFar = r.boolean(*replicate, path + ".replicate_far");
    c.unitSpread = static_cast<std::uint32_t>(r.optionalInt(j, path, "unit_spread", 0, kMaxLatency, 0));
    c.groups = readGroups(r, j, path);
    c.readGibs = r.optionalNumber(j, path, "read_gibs", 1e-3, kMaxGibs, 0);
    c.writeGibs = r.optionalNumber(j, path, "write_gibs", 1e-3, kMaxGibs, 0);
    c.bytesPerCycle = r.optionalNumber(j, path, "bytes_per_cycle", 1e-3, 1e6, 0);
    c.writeBack = c.writeAllocate = !c.isUnitPrivate();
    if (ProfileReader::find(j, "write")) {
        const std::string write = r.requireString(j, path, "write");
        if (write != "back" && write != "through")
            r.fail(childPath(path, "write"), "expected \"back\" or \"through\", got \"" + cutForMessage(write) + "\"");
        c.writeBack = write == "back";
    }
    if (const Json* allocate = ProfileReader::find(j, "write_allocate"))
        c.writeAllocate = r.boolean(*allocate, path + ".write_allocate");
    return c;
}

std::vector<SimCache> readCaches(const ProfileReader& r, const Json& root) {
    const Json& list = r.require(root, "", "caches");
    r.expectArray(list, "caches");
    std::vector<SimCache> caches;
    for (std::size_t i = 0; i < list.size(); ++i) caches.push_back(readCache(r, list[i], indexPath("caches", i)));
    return caches;
}

SimApi readApi(const ProfileReader& r, const Json& root, Vendor vendor) {
    const std::string path = "api";
    const Json& j = r.require(root, "", path);
    r.expectObject(j, path);
    r.checkKeys(j, path, {"l2_size", "l2_line", "persisting_l2_max", "shared_mem_per_sm", "shared_mem_per_block",
                          "reserved_shared_mem_per_block", "total_const_mem", "memory_bus_width", "memory_clock_khz",
                          "total_global_mem"});
    SimApi a;
    a.l2Size = r.requireInt(j, path, "l2_size", 1, kMaxBytes);
    a.l2Line = r.optionalInt(j, path, "l2_line", 0, 1 << 16, 0);
    a.persistingL2Max = r.optionalInt(j, path, "persisting_l2_max", 0, kMaxBytes, 0);
    a.sharedMemPerSm = r.requireInt(j, path, "shared_mem_per_sm", 1, kMaxBytes);
    a.sharedMemPerBlock = r.requireInt(j, path, "shared_mem_per_block", 1, kMaxBytes);
    a.reservedSharedMemPerBlock = r.optionalInt(j, path, "reserved_shared_mem_per_block", 0, kMaxBytes, 0);
    // The constant space needs its limit; AMD has no such space.
    a.totalConstMem = vendor == Vendor::Nvidia ? r.requireInt(j, path, "total_const_mem", 1, kMaxBytes)
                                               : r.optionalInt(j, path, "total_const_mem", 0, kMaxBytes, 0);
    a.memoryBusWidth = static_cast<int>(r.requireInt(j, path, "memory_bus_width", 1, 1 << 20));
    a.memoryClockKhz = r.requireInt(j, path, "memory_clock_khz", 1, kMaxClockKhz * 10);
    a.totalGlobalMem = r.requireInt(j, path, "total_global_mem", 1, kMaxMemoryBytes);
    return a;
}

SimSharedMemory readSharedMemory(const ProfileReader& r, const Json& root) {
    const std::string path = "shared_memory";
    const Json& j = r.require(root, "", path);
    r.expectObject(j, path);
    r.checkKeys(j, path, {"latency", "bytes_per_cycle"});
    SimSharedMemory m;
    m.latency = static_cast<std::uint32_t>(r.requireInt(j, path, "latency", 1, kMaxLatency));
    m.bytesPerCycle = r.optionalNumber(j, path, "bytes_per_cycle", 1, 1e6, m.bytesPerCycle);
    return m;
}

SimDram readDram(const ProfileReader& r, const Json& root) {
    const std::string path = "dram";
    const Json& j = r.require(root, "", path);
    r.expectObject(j, path);
    r.checkKeys(j, path, {"latency", "read_gibs", "write_gibs"});
    SimDram d;
    d.latency = static_cast<std::uint32_t>(r.requireInt(j, path, "latency", 1, kMaxLatency));
    d.readGibs = r.requireNumber(j, path, "read_gibs", 1e-3, kMaxGibs);
    d.writeGibs = r.requireNumber(j, path, "write_gibs", 1e-3, kMaxGibs);
    return d;
}

SimNoise readNoise(const ProfileReader& r, const Json& root) {
    SimNoise n;
    const Json* j = ProfileReader::find(root, "noise");
    if (!j) return n;
    const std::string path = "noise";
    r.expectObject(*j, path);
    r.checkKeys(*j, path, {"jitter", "outlier_rate", "outlier_extra", "seed"});
    n.jitter = static_cast<std::uint32_t>(r.optionalInt(*j, path, "jitter", 0, kMaxJitter, 0));
    n.outlierRate = r.optionalNumber(*j, path, "outlier_rate", 0, 1, 0);
    n.outlierExtra = static_cast<std::uint32_t>(r.optionalInt(*j, path, "outlier_extra", 0, kMaxLatency, 0));
    n.seed = r.optionalInt(*j, path, "seed", 0, std::numeric_limits<std::uint64_t>::max(), 1);
    return n;
}

std::vector<std::string> readReferences(const ProfileReader& r, const Json& root) {
    std::vector<std::string> refs;
    const Json* list = ProfileReader::find(root, "references");
    if (!list) return refs;
    r.expectArray(*list, "references");
    for (std::size_t i = 0; i < list->size(); ++i) refs.push_back(r.string((*list)[i], indexPath("references", i)));
    return refs;
}

Json parseJson(std::string_view text, const std::string& origin) {
    bool blank = true;
    for (char c : text) blank = blank && (c == ' ' || c == '\n' || c == '\r' || c == '\t');
    if (blank) throw ProfileError(origin + ": empty profile (no JSON text)");
    try {
        return parseJsonText(text, origin);
    } catch (const InputError& e) {
        throw ProfileError(e.what());
    }
}

}  // namespace

SimProfile parseProfile(std::string_view jsonText, const std::string& origin, std::vector<std::string>* warnings) {
    const Json root = parseJson(jsonText, origin);
    if (!root.is_object()) throw ProfileError(origin + ": expected a JSON object at the top level, got " +
                                              sim_detail::describe(root));

    bool strict = false;
    if (const Json* s = ProfileReader::find(root, "strict")) strict = ProfileReader(origin, false, nullptr).boolean(*s, "strict");
    const ProfileReader r(origin, strict, warnings);

    const std::string format = r.requireString(root, "", "format");
    if (format != kSimProfileFormat)
        r.fail("format", "expected \"" + std::string(kSimProfileFormat) + "\", got \"" + cutForMessage(format) + "\"");
    r.checkKeys(root, "", {"format", "name", "vendor", "arch", "clock_khz", "compute", "caches", "api",
                           "shared_memory", "dram", "noise", "timer_overhead", "mig", "references", "strict", "tlbs"});

    SimProfile p;
    p.origin = origin;
    p.strict = strict;
    p.name = r.requireString(root, "", "name");
    p.vendor = readVendor(r, root);
    p.arch = r.requireString(root, "", "arch");
    if (const std::string problem = archProblem(p.arch); !problem.empty())
        r.fail("arch", "\"" + cutForMessage(p.arch) + "\" is not an architecture name: " + problem);
    p.clockKhz = r.requireInt(root, "", "clock_khz", 1, kMaxClockKhz);
    p.compute = readCompute(r, root);
    p.caches = readCaches(r, root);
    p.api = readApi(r, root, p.vendor);
    p.sharedMemory = readSharedMemory(r, root);
    p.dram = readDram(r, root);
    p.noise = readNoise(r, root);
    p.timerOverhead = static_cast<std::uint32_t>(r.optionalInt(root, "", "timer_overhead", 0, 100'000, 0));
    p.mig = sim_detail::readMig(r, root, p.compute.smCount, p.api.totalGlobalMem);
    p.references = readReferences(r, root);
    p.tlbs = sim_detail::readTlbs(r, root);

    sim_detail::checkProfile(p, r);
    return p;
}

}  // namespace ts
