#include "sim/profile_tlb.hpp"

#include <bit>

namespace ts::sim_detail {
namespace {

constexpr std::uint64_t kMaxPage = 1ull << 30;
constexpr std::uint64_t kMaxEntries = 1u << 16;
constexpr std::uint64_t kMaxMissCost = 10'000;  // as a cache's latency (profile_parse.cpp says why)
constexpr std::uint64_t kMaxGroupSize = 1024;

SimTlb readTlb(const ProfileReader& r, const Json& j, const std::string& path) {
    r.expectObject(j, path);
    r.checkKeys(j, path, {"id", "scope", "group_size", "entries", "ways", "page_size", "miss_cost"});
    SimTlb t;
    t.id = r.requireString(j, path, "id");
    const std::string scope = r.requireString(j, path, "scope");
    if (scope == "sm" || scope == "cu") t.scope = CacheScope::Sm;
    else if (scope == "gpu") t.scope = CacheScope::Gpu;
    else if (scope == "group") t.scope = CacheScope::CuGroup;
    else r.fail(childPath(path, "scope"), "expected one of sm, cu, group, gpu; got \"" + scope + "\"");
    if (t.scope == CacheScope::CuGroup)
        t.groupSize = static_cast<std::uint32_t>(r.requireInt(j, path, "group_size", 2, kMaxGroupSize));
    else if (ProfileReader::find(j, "group_size"))
        r.fail(childPath(path, "group_size"), "only a level of scope \"group\" has a group size");
    t.entries = static_cast<std::uint32_t>(r.requireInt(j, path, "entries", 1, kMaxEntries));
    if (ProfileReader::find(j, "ways")) {
        t.ways = static_cast<std::uint32_t>(r.requireInt(j, path, "ways", 1, t.entries));
        if (t.entries % t.ways != 0)
            r.fail(childPath(path, "ways"), "must divide the entries (" + std::to_string(t.entries) + "), got " + std::to_string(t.ways));
    }
    t.pageSize = r.requireInt(j, path, "page_size", 4096, kMaxPage);
    if (!std::has_single_bit(t.pageSize))
        r.fail(childPath(path, "page_size"), "must be a power of two, got " + std::to_string(t.pageSize));
    t.missCost = static_cast<std::uint32_t>(r.requireInt(j, path, "miss_cost", 1, kMaxMissCost));
    return t;
}

}  // namespace

std::vector<SimTlb> readTlbs(const ProfileReader& r, const Json& root) {
    std::vector<SimTlb> tlbs;
    const Json* list = ProfileReader::find(root, "tlbs");
    if (!list) return tlbs;
    r.expectArray(*list, "tlbs");
    for (std::size_t i = 0; i < list->size(); ++i) {
        tlbs.push_back(readTlb(r, (*list)[i], indexPath("tlbs", i)));
        // A later level covers at least as much as the one in front, or it would never hit.
        if (i > 0 && tlbs[i].entries * tlbs[i].pageSize < tlbs[i - 1].entries * tlbs[i - 1].pageSize)
            r.fail(indexPath("tlbs", i), "reaches less than the level in front of it");
    }
    return tlbs;
}

}  // namespace ts::sim_detail
