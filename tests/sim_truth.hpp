#pragma once
// What a simulator profile says the benchmarks must find (test-side only: the engine
// never reads the truth).
#include <algorithm>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "benchmarks/targets.hpp"
#include "sim/profile.hpp"

namespace ts::test {

struct CacheTruth {
    const SimCache* cache = nullptr;
    double size = 0;  // what one unit can use
};

using ts::bypassesUnitCaches;
inline Space walkedSpace(Space s) {
    return s == Space::GlobalL2 ? Space::Global : s == Space::VectorL2 ? Space::Vector : s;
}

// The profile cache a target measures: the first (or, behind another, the second) cache on its path.
inline std::optional<CacheTruth> truthFor(const SimProfile& p, const CacheTarget& target) {
    std::vector<const SimCache*> path;
    for (const auto& c : p.caches) {
        if (!c.servesSpace(walkedSpace(target.space))) continue;
        if (bypassesUnitCaches(target.space) && c.isUnitPrivate()) continue;
        path.push_back(&c);
    }
    const std::size_t index = target.above ? 1 : 0;
    if (path.size() <= index) return std::nullopt;
    const SimCache* c = path[index];
    double size = static_cast<double>(c->size);
    if (c->scope == CacheScope::Gpu) size /= c->segments;
    return CacheTruth{c, size};
}

// Display names of the other first-level targets served by the same cache entry.
inline std::vector<std::string> sharedWithTruth(const SimProfile& p, const CacheTarget& target,
                                                const std::vector<CacheTarget>& all) {
    std::vector<std::string> names;
    const auto mine = truthFor(p, target);
    for (const auto& other : all) {
        if (other.element == target.element || other.above || bypassesUnitCaches(other.space)) continue;
        const auto theirs = truthFor(p, other);
        if (mine && theirs && mine->cache == theirs->cache) names.emplace_back(displayName(other.element));
    }
    std::sort(names.begin(), names.end());
    return names;
}

}  // namespace ts::test
