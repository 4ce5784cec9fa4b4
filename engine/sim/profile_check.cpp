#include "sim/profile_check.hpp"

#include <algorithm>
#include <bit>
#include <map>
#include <set>
#include <string>

#include "io/input_file.hpp"

namespace ts::sim_detail {
namespace {

// One simulated instance keeps per-line state; beyond this a profile is a typo, not a GPU.
constexpr std::uint64_t kMaxLinesPerInstance = 1ull << 24;
constexpr std::uint32_t kMaxSectorsPerLine = 32;

bool isPowerOfTwo(std::uint64_t v) { return v != 0 && std::has_single_bit(v); }

bool vendorHasSpace(Vendor vendor, Space s) {
    switch (s) {
        case Space::Global: case Space::GlobalL2: case Space::Texture: case Space::ReadOnly: case Space::Constant:
            return vendor == Vendor::Nvidia;
        case Space::Vector: case Space::VectorL2: case Space::Scalar:
            return vendor == Vendor::Amd;
        case Space::Shared: case Space::Lds:
            return false;
    }
    return false;
}

void checkCompute(const SimProfile& p, const ProfileReader& r) {
    const SimCompute& c = p.compute;
    if (c.smCount < 1) r.fail("compute.sm_count", "must be positive");
    if (c.xcds < 1) r.fail("compute.xcds", "must be positive");
    if (!isPowerOfTwo(static_cast<std::uint64_t>(c.warpSize)))
        r.fail("compute.warp_size", "must be a power of two, got " + std::to_string(c.warpSize));
    if (c.maxThreadsPerSm < c.warpSize)
        r.fail("compute.max_threads_per_sm", "must be at least warp_size (" + std::to_string(c.warpSize) + "), got " +
                                                 std::to_string(c.maxThreadsPerSm));
    if (c.smCount % c.xcds != 0)
        r.fail("compute.xcds", std::to_string(c.smCount) + " units do not split evenly into " +
                                   std::to_string(c.xcds) + " XCDs");
    if (!c.tpcsPerGpc.empty()) {
        long long tpcs = 0;
        for (int t : c.tpcsPerGpc) tpcs += t;
        if (tpcs * c.smsPerTpc != c.smCount)
            r.fail("compute.layout", std::to_string(tpcs) + " TPCs of " + std::to_string(c.smsPerTpc) + " SMs are not sm_count (" +
                                         std::to_string(c.smCount) + ")");
    }
    if (c.physicalCuIds.empty()) return;
    if (static_cast<int>(c.physicalCuIds.size()) != c.smCount)
        r.fail("compute.physical_cu_ids", "lists " + std::to_string(c.physicalCuIds.size()) +
                                              " ids, but sm_count is " + std::to_string(c.smCount));
    std::set<int> seen;
    for (std::size_t i = 0; i < c.physicalCuIds.size(); ++i)
        if (!seen.insert(c.physicalCuIds[i]).second)
            r.fail(indexPath("compute.physical_cu_ids", i), "CU id " + std::to_string(c.physicalCuIds[i]) + " listed twice");
}

void checkServes(const SimProfile& p, const SimCache& c, const std::string& path, const ProfileReader& r) {
    for (std::size_t i = 0; i < c.serves.size(); ++i) {
        const Space s = c.serves[i];
        const std::string name(toString(s));
        if (s == Space::Shared || s == Space::Lds)
            r.fail(indexPath(childPath(path, "serves"), i),
                   "space " + name + " has no caches (its latency is shared_memory.latency)");
        if (!vendorHasSpace(p.vendor, s))
            r.fail(indexPath(childPath(path, "serves"), i),
                   "space " + name + " does not exist on " + std::string(toString(p.vendor)) + " GPUs");
    }
}

// parseProfile checks these per field; a profile built in code gets them here.
void checkPositive(const SimCache& c, const std::string& path, const ProfileReader& r) {
    const std::pair<const char*, std::uint64_t> fields[] = {
        {"size", c.size},         {"line", c.line},
        {"sector", c.sector},     {"latency", c.latency},
        {"segments", static_cast<std::uint64_t>(std::max(c.segments, 0))},
        {"per_sm", static_cast<std::uint64_t>(std::max(c.perSm, 0))}};
    for (const auto& [key, value] : fields)
        if (value == 0) r.fail(childPath(path, key), "must be positive");
}

void checkGeometry(const SimCache& c, const std::string& path, const ProfileReader& r) {
    const auto field = [&](std::string_view key) { return childPath(path, key); };
    checkPositive(c, path, r);
    if (!isPowerOfTwo(c.line) || c.line < 4)
        r.fail(field("line"), "must be a power of two of at least 4 bytes, got " + std::to_string(c.line));
    if (c.sector > c.line || c.line % c.sector != 0 || !isPowerOfTwo(c.sector))
        r.fail(field("sector"), "must be a power of two that divides line (" + std::to_string(c.line) + "), got " +
                                    std::to_string(c.sector));
    if (c.line / c.sector > kMaxSectorsPerLine)
        r.fail(field("sector"), "a line may hold at most " + std::to_string(kMaxSectorsPerLine) + " sectors, got " +
                                    std::to_string(c.line / c.sector));
    if (c.size % c.line != 0)
        r.fail(field("size"), std::to_string(c.size) + " is not a multiple of line (" + std::to_string(c.line) + ")");

    if (c.segments > 1 && c.scope != CacheScope::Gpu) r.fail(field("segments"), "only a gpu-scope cache can have segments");
    if (c.replicateFar && c.segments < 2) r.fail(field("replicate_far"), "needs segments (2 or more)");
    if (c.unitSpread > 0 && c.scope != CacheScope::Gpu) r.fail(field("unit_spread"), "only applies to scope gpu");
    const std::uint64_t segmentBytes = c.size / static_cast<std::uint64_t>(c.segments);
    if (c.size % (static_cast<std::uint64_t>(c.segments) * c.line) != 0)
        r.fail(field("size"), std::to_string(c.size) + " does not split into " + std::to_string(c.segments) +
                                  " segments of whole lines");
    const std::uint64_t lines = segmentBytes / c.line;
    if (lines > kMaxLinesPerInstance)
        r.fail(field("size"), "too large to simulate: " + std::to_string(lines) + " lines per instance (limit " +
                                  std::to_string(kMaxLinesPerInstance) + ")");
    if (c.ways > 0 && (c.ways > lines || lines % c.ways != 0))
        r.fail(field("ways"), std::to_string(lines) + " lines per instance do not split into sets of " +
                                  std::to_string(c.ways) + " ways");
    if (c.policy == CachePolicy::Plru) {
        if (c.ways == 0 && !isPowerOfTwo(lines))
            r.fail(field("policy"), "fully associative plru needs a power-of-two line count, got " + std::to_string(lines));
        if (c.ways > 0 && (!isPowerOfTwo(c.ways) || c.ways > 64))
            r.fail(field("ways"), "plru needs a power-of-two way count up to 64, got " + std::to_string(c.ways));
    }
    if (c.farLatency < c.latency)
        r.fail(field("far_latency"), "must be at least latency (" + std::to_string(c.latency) + "), got " +
                                         std::to_string(c.farLatency));
}

void checkScope(const SimCache& c, const std::string& path, const ProfileReader& r) {
    const auto field = [&](std::string_view key) { return childPath(path, key); };
    const bool perUnit = c.scope == CacheScope::Sm || c.scope == CacheScope::Cu;
    if (c.perSm > 1 && !perUnit) r.fail(field("per_sm"), "only applies to scope sm or cu");
    if (c.scope == CacheScope::CuGroup && c.groups.empty()) r.fail(field("groups"), "a cu_group cache needs groups");
    if (c.scope != CacheScope::CuGroup && !c.groups.empty()) r.fail(field("groups"), "only applies to scope cu_group");
    const bool shared = c.scope == CacheScope::Xcd || c.scope == CacheScope::Gpu;
    if ((c.readGibs > 0 || c.writeGibs > 0) && !shared)
        r.fail(field(c.readGibs > 0 ? "read_gibs" : "write_gibs"), "only applies to scope xcd or gpu");
}

void checkGroups(const SimProfile& p, const SimCache& c, const std::string& path, const ProfileReader& r) {
    if (c.groups.empty()) return;
    std::set<int> active;
    for (int u = 0; u < p.unitCount(); ++u) active.insert(p.physicalUnit(u));
    std::map<int, std::size_t> groupOf;
    const std::string groupsPath = childPath(path, "groups");
    for (std::size_t g = 0; g < c.groups.size(); ++g) {
        for (std::size_t k = 0; k < c.groups[g].size(); ++k) {
            const int cu = c.groups[g][k];
            const std::string where = indexPath(indexPath(groupsPath, g), k);
            if (!active.count(cu))
                r.fail(where, "unknown CU id " + std::to_string(cu) + " (not in compute.physical_cu_ids)");
            if (auto [it, fresh] = groupOf.emplace(cu, g); !fresh)
                r.fail(where, "CU " + std::to_string(cu) + " is already in group " + std::to_string(it->second));
        }
    }
    for (int cu : active)
        if (!groupOf.count(cu)) r.fail(groupsPath, "active CU " + std::to_string(cu) + " is in no group");
}

}  // namespace

void checkProfile(const SimProfile& p, const ProfileReader& r) {
    checkCompute(p, r);
    std::set<std::string> ids;
    for (std::size_t i = 0; i < p.caches.size(); ++i) {
        const SimCache& c = p.caches[i];
        const std::string path = indexPath("caches", i);
        if (!ids.insert(c.id).second) r.fail(childPath(path, "id"), "duplicate cache id \"" + cutForMessage(c.id) + "\"");
        checkServes(p, c, path, r);
        checkGeometry(c, path, r);
        checkScope(c, path, r);
        checkGroups(p, c, path, r);
    }
}

}  // namespace ts::sim_detail
