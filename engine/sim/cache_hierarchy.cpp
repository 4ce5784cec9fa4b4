#include "sim/cache_hierarchy.hpp"

#include <algorithm>
#include <map>
#include <stdexcept>

#include "backend/rng.hpp"

namespace ts::sim_detail {
namespace {

std::size_t instanceCount(const SimProfile& p, const SimCache& c) {
    switch (c.scope) {
        case CacheScope::Sm:
        case CacheScope::Cu: return static_cast<std::size_t>(p.unitCount()) * static_cast<std::size_t>(c.perSm);
        case CacheScope::CuGroup: return c.groups.size();
        case CacheScope::Xcd: return static_cast<std::size_t>(p.compute.xcds);
        case CacheScope::Gpu: return static_cast<std::size_t>(c.segments);
    }
    return 1;
}

// A group-scoped level has one instance per group of groupSize consecutive physical ids.
std::size_t tlbInstances(const SimProfile& p, const SimTlb& tlb) {
    if (tlb.scope == CacheScope::Gpu) return 1;
    if (tlb.scope != CacheScope::CuGroup) return static_cast<std::size_t>(p.unitCount());
    int top = 0;
    for (int u = 0; u < p.unitCount(); ++u) top = std::max(top, p.physicalUnit(u));
    return static_cast<std::size_t>(top) / tlb.groupSize + 1;
}

}  // namespace

CacheGeometry geometryOf(const SimCache& c) {
    const std::uint64_t size = c.scope == CacheScope::Gpu ? c.size / static_cast<std::uint64_t>(c.segments) : c.size;
    return {size, c.line, c.sector, c.ways, c.policy, c.index};
}

CacheHierarchy::CacheHierarchy(const SimProfile& profile) : profile_(profile) {
    slots_.resize(profile.caches.size());
    for (const SimTlb& tlb : profile.tlbs) tlbSlots_.emplace_back(tlbInstances(profile, tlb));
    groupOfUnit_.resize(profile.caches.size());
    for (std::size_t c = 0; c < profile.caches.size(); ++c) {
        const SimCache& cache = profile.caches[c];
        slots_[c].resize(instanceCount(profile, cache));
        if (cache.scope != CacheScope::CuGroup) continue;
        std::map<int, int> groupOfCu;
        for (std::size_t g = 0; g < cache.groups.size(); ++g)
            for (int cu : cache.groups[g]) groupOfCu[cu] = static_cast<int>(g);
        for (int u = 0; u < profile.unitCount(); ++u) {
            auto it = groupOfCu.find(profile.physicalUnit(u));
            if (it == groupOfCu.end()) throw std::logic_error("sim: CU without an sL1d group");  // profile checks forbid it
            groupOfUnit_[c].push_back(it->second);
        }
    }
}

void CacheHierarchy::reset(std::uint64_t seed) {
    ++generation_;
    seed_ = seed;
}

CacheSim* CacheHierarchy::acquire(std::size_t cacheIndex, std::size_t instance) {
    Slot& slot = slots_[cacheIndex][instance];
    const std::uint64_t seed = mixSeed(seed_, (cacheIndex << 32) | instance);
    if (!slot.cache) slot.cache = makeCacheSim(geometryOf(profile_.caches[cacheIndex]), seed);
    else if (slot.generation != generation_) slot.cache->clear(seed);
    slot.generation = generation_;
    return slot.cache.get();
}

CacheSim* CacheHierarchy::acquireTlb(std::size_t tlbIndex, int unit) {
    const SimTlb& tlb = profile_.tlbs[tlbIndex];
    const std::size_t instance = tlb.scope == CacheScope::Gpu       ? 0
                                 : tlb.scope == CacheScope::CuGroup ? static_cast<std::size_t>(profile_.physicalUnit(unit)) / tlb.groupSize
                                                                    : static_cast<std::size_t>(unit);
    Slot& slot = tlbSlots_[tlbIndex][instance];
    const std::uint64_t seed = mixSeed(seed_, ((tlbIndex + 0x7100) << 32) | instance);
    const auto page = static_cast<std::uint32_t>(tlb.pageSize);
    if (!slot.cache)
        slot.cache = makeCacheSim(CacheGeometry{tlb.pageSize * tlb.entries, page, page, tlb.ways == tlb.entries ? 0 : tlb.ways,
                                                CachePolicy::Lru, IndexFunction::Modulo},
                                  seed);
    else if (slot.generation != generation_) slot.cache->clear(seed);
    slot.generation = generation_;
    return slot.cache.get();
}

std::size_t CacheHierarchy::nearInstance(const SimCache& c, std::size_t cacheIndex, int unit, int warp) const {
    const auto u = static_cast<std::size_t>(unit);
    const auto units = static_cast<std::size_t>(profile_.unitCount());
    switch (c.scope) {
        case CacheScope::Sm:
        case CacheScope::Cu:
            return u * static_cast<std::size_t>(c.perSm) + static_cast<std::size_t>(warp % c.perSm);
        case CacheScope::CuGroup: return static_cast<std::size_t>(groupOfUnit_[cacheIndex][u]);
        case CacheScope::Xcd: return u / (units / static_cast<std::size_t>(profile_.compute.xcds));
        case CacheScope::Gpu: return u * static_cast<std::size_t>(c.segments) / units;
    }
    return 0;
}

std::vector<std::size_t> cachesOnPath(const SimProfile& profile, Space space) {
    bool skipPrivate = false;
    if (space == Space::GlobalL2) space = Space::Global, skipPrivate = true;
    if (space == Space::VectorL2) space = Space::Vector, skipPrivate = true;
    std::vector<std::size_t> out;
    for (std::size_t c = 0; c < profile.caches.size(); ++c) {
        const SimCache& cache = profile.caches[c];
        if (cache.servesSpace(space) && !(skipPrivate && cache.isUnitPrivate())) out.push_back(c);
    }
    return out;
}

LoadPath CacheHierarchy::path(Space space, int unit, int warp) {
    LoadPath path;
    path.dramLatency = profile_.dram.latency;
    for (std::size_t t = 0; t < profile_.tlbs.size(); ++t)
        path.tlbs.push_back(PathTlb{acquireTlb(t, unit), profile_.tlbs[t].missCost});
    for (std::size_t c : cachesOnPath(profile_, space)) {
        const SimCache& cache = profile_.caches[c];
        PathLevel level;
        const std::size_t near = nearInstance(cache, c, unit, warp);
        level.near = acquire(c, near);
        const std::uint32_t extra = cache.extraLatency(unit, profile_.unitCount());
        level.latency = cache.latency + extra;
        level.farLatency = cache.farLatency + extra;
        level.replicateFar = cache.replicateFar;
        level.writeBack = cache.writeBack;
        level.writeAllocate = cache.writeAllocate;
        if (cache.scope == CacheScope::Gpu && cache.segments > 1)
            for (std::size_t s = 0; s < slots_[c].size(); ++s)
                if (s != near) level.far.push_back(acquire(c, s));
        path.levels.push_back(std::move(level));
    }
    return path;
}

}  // namespace ts::sim_detail
