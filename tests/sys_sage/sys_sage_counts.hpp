#pragma once
// What sys-sage builds from a file: how many components of each kind, the caches by name, and how
// many caches hang below each SM/CU.
#include <map>
#include <set>
#include <string>
#include <vector>

#include "sys-sage.hpp"

namespace ts::test {

struct SysSageCounts {
    std::size_t caches = 0;
    std::size_t memories = 0;
    std::size_t subdivisions = 0;
    std::size_t threads = 0;
    std::map<std::string, std::size_t> cachesByName;
    std::set<std::size_t> cachesPerUnit;  // one entry when every SM/CU has as many

    bool operator==(const SysSageCounts&) const = default;
};

inline std::vector<sys_sage::Component*> descendants(sys_sage::Component* root, int type) {
    std::vector<sys_sage::Component*> found;
    root->FindDescendantsByType(&found, type);
    return found;
}

inline SysSageCounts countsOf(sys_sage::Component* root) {
    using sys_sage::ComponentType::Cache;
    SysSageCounts c;
    const auto caches = descendants(root, Cache);
    c.caches = caches.size();
    for (auto* cache : caches) ++c.cachesByName[static_cast<sys_sage::Cache*>(cache)->GetCacheName()];
    c.memories = descendants(root, sys_sage::ComponentType::Memory).size();
    c.threads = descendants(root, sys_sage::ComponentType::Thread).size();
    for (auto* unit : descendants(root, sys_sage::ComponentType::Subdivision)) {
        ++c.subdivisions;
        c.cachesPerUnit.insert(descendants(unit, Cache).size());
    }
    return c;
}

inline std::string describe(const SysSageCounts& c) {
    std::string s = std::to_string(c.caches) + " caches, " + std::to_string(c.memories) + " memories, " +
                    std::to_string(c.subdivisions) + " SMs/CUs, " + std::to_string(c.threads) + " cores;";
    for (const auto& [name, n] : c.cachesByName) s += " " + name + " x" + std::to_string(n) + ",";
    s += " caches per SM/CU:";
    for (auto n : c.cachesPerUnit) s += " " + std::to_string(n);
    return s;
}

}  // namespace ts::test
