#pragma once
// What sys-sage must build from a report of a simulated GPU, derived from the profile's truth (the
// caches it describes), never from the report under test.
#include <string>

#include "sim/profile.hpp"
#include "sys_sage_counts.hpp"

namespace ts::test {

// The caches a load of `space` meets inside one SM/CU, nearest first.
inline std::vector<const SimCache*> unitCachesOf(const SimProfile& p, Space space) {
    std::vector<const SimCache*> path;
    for (const auto& c : p.caches)
        if (c.isUnitPrivate() && c.servesSpace(space)) path.push_back(&c);
    return path;
}

inline std::size_t instancesOf(const SimProfile& p, const SimCache& c) {
    if (c.scope == CacheScope::CuGroup) return c.groups.size();
    return static_cast<std::size_t>(p.unitCount()) * static_cast<std::size_t>(c.perSm);
}

struct TruthCounts {
    std::size_t caches = 0, memories = 0, subdivisions = 0, threads = 0, cachesPerUnit = 0;
    std::map<std::string, std::size_t> cachesByPrefix;  // "L1" counts "L1+Texture" too
};

// sys-sage's model of MT4G's JSON: per SM a constant L1.5 holding the constant L1 copies, the L1
// (named after the caches it also is), a texture and a read-only cache unless one of the former
// already is them, a shared memory; on AMD per CU the vector L1 and a "Constant" entry, the scalar
// L1s above the CUs, one L2 and, where there is one, one L3.
inline TruthCounts jsonTruth(const SimProfile& p) {
    TruthCounts t;
    const std::size_t units = static_cast<std::size_t>(p.unitCount());
    t.subdivisions = units;
    t.threads = units * static_cast<std::size_t>(p.compute.coresPerSm);
    t.memories = 1 + units;  // device memory, one shared memory / LDS per unit
    std::size_t gpuLevel = 0;
    for (const auto& c : p.caches)
        if (!c.isUnitPrivate() && (c.servesSpace(Space::Global) || c.servesSpace(Space::Vector))) ++gpuLevel;
    // One L2 even where the profile has one per XCD (MI300X): nothing measures how many L2
    // instances there are, so no `amount` is written and sys-sage builds one (a known gap).
    t.cachesByPrefix["L2"] = 1;
    if (gpuLevel > 1) t.cachesByPrefix["L3"] = 1;
    if (p.vendor == Vendor::Nvidia) {
        const SimCache* l1 = unitCachesOf(p, Space::Global).at(0);
        const SimCache* texture = unitCachesOf(p, Space::Texture).at(0);
        const SimCache* readOnly = unitCachesOf(p, Space::ReadOnly).at(0);
        const auto constant = unitCachesOf(p, Space::Constant);
        t.cachesByPrefix["L1"] = units * l1->perSm;
        t.cachesByPrefix["Texture"] = texture == l1 ? 0 : units * texture->perSm;
        t.cachesByPrefix["Read Only"] = readOnly == l1 || readOnly == texture ? 0 : units * readOnly->perSm;
        t.cachesByPrefix["Constant L1"] = units * constant.at(0)->perSm;
        t.cachesByPrefix["Constant L1.5"] = units;
    } else {
        t.cachesByPrefix["L1"] = instancesOf(p, *unitCachesOf(p, Space::Vector).at(0));
        t.cachesByPrefix["Constant"] = units;
        t.cachesByPrefix["Scalar L1"] = instancesOf(p, *unitCachesOf(p, Space::Scalar).at(0));
    }
    for (const auto& [prefix, n] : t.cachesByPrefix) t.caches += n;
    const std::size_t aboveUnits = t.cachesByPrefix["L2"] + t.cachesByPrefix["L3"] + t.cachesByPrefix["Scalar L1"];
    t.cachesPerUnit = (t.caches - aboveUnits) / units;
    return t;
}

// sys-sage's model of MT4G's v0.1 CSV: the same under its v0.1 names, but the layout has no row for
// AMD's scalar L1, its L3 or its constant memory.
inline TruthCounts csvTruth(const SimProfile& p) {
    TruthCounts t = jsonTruth(p);
    if (p.vendor == Vendor::Nvidia) {
        for (auto [json, csv] : {std::pair{"Constant L1", "Constant_L1"}, std::pair{"Constant L1.5", "Constant_L1.5"},
                                 std::pair{"Read Only", "ReadOnly"}}) {
            t.cachesByPrefix[csv] = t.cachesByPrefix[json];
            t.cachesByPrefix.erase(json);
        }
        return t;
    }
    for (const char* missing : {"Scalar L1", "L3", "Constant"}) {
        t.caches -= t.cachesByPrefix[missing];
        t.cachesByPrefix.erase(missing);
    }
    t.cachesPerUnit -= 1;  // the constant entry
    return t;
}

// Caches whose sys-sage name is `prefix` or starts with `prefix+`.
inline std::size_t countByPrefix(const SysSageCounts& c, const std::string& prefix) {
    std::size_t n = 0;
    for (const auto& [name, count] : c.cachesByName)
        if (name == prefix || name.rfind(prefix + "+", 0) == 0) n += count;
    return n;
}

}  // namespace ts::test
