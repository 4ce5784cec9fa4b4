#pragma once
#include <cstdint>
#include <memory>
#include <vector>

#include "sim/cache_sim.hpp"
#include "sim/profile.hpp"

namespace ts::sim_detail {

// The shape of one instance of `c`: one unit's copy, or one segment of a GPU-wide cache.
CacheGeometry geometryOf(const SimCache& c);

// The profile's caches (indexes, in order) that a load in `space` passes: global_l2/vector_l2
// skip the unit-private levels of global/vector.
std::vector<std::size_t> cachesOnPath(const SimProfile& profile, Space space);

// One cache a load passes, already resolved to the instances of one unit and warp.
struct PathLevel {
    CacheSim* near = nullptr;      // the instance this unit looks up and fills
    std::vector<CacheSim*> far;    // remote segments of a segmented cache: hit only, no fill
    std::uint32_t latency = 0;
    std::uint32_t farLatency = 0;
    bool replicateFar = false;     // a far hit also fills `near` (a replica of the far line)
    bool writeBack = true;         // the cache's write policy (SimCache)
    bool writeAllocate = true;
};

// One translation level a load passes before its data (the profile's `tlbs`).
struct PathTlb {
    CacheSim* entries = nullptr;   // fully associative LRU over pages
    std::uint32_t missCost = 0;
};

// The caches one chaser's loads walk, in order, then DRAM.
struct LoadPath {
    std::vector<PathTlb> tlbs;
    std::vector<PathLevel> levels;
    std::uint32_t dramLatency = 0;

    // Walks one load (inclusive fill on the way) and returns its latency without noise.
    std::uint32_t load(std::uint64_t address) const { return translate(address) + fetch(address); }

    // Cycles the TLB levels add: each level that misses adds its cost, until one hits.
    std::uint32_t translate(std::uint64_t address) const {
        std::uint32_t cost = 0;
        for (const PathTlb& tlb : tlbs) {
            if (tlb.entries->access(address)) break;
            cost += tlb.missCost;
        }
        return cost;
    }

    // Which level serves a load (levels.size(): DRAM) and whether from a remote segment; fills on the way.
    struct Served {
        std::size_t level = 0;
        bool far = false;
    };
    Served serve(std::uint64_t address) const {
        for (std::size_t i = 0; i < levels.size(); ++i) {
            const PathLevel& level = levels[i];
            if (level.far.empty()) {
                if (level.near->access(address)) return {i, false};
                continue;
            }
            if (level.near->lookup(address)) return {i, false};
            for (CacheSim* remote : level.far)
                if (remote->lookup(address)) {
                    if (level.replicateFar) level.near->fill(address);
                    return {i, true};
                }
            level.near->fill(address);
        }
        return {levels.size(), false};
    }

    // A store: each level in turn; a write-allocating one takes the line, another updates it only
    // where it holds it. A write-back level that now holds the line keeps the store (the levels
    // behind never see it); a write-through one passes it on.
    void store(std::uint64_t address) const {
        translate(address);
        for (const PathLevel& level : levels) {
            const bool held = level.writeAllocate ? (level.near->access(address), true) : level.near->lookup(address);
            if (level.writeBack && held) return;
        }
    }

    std::uint32_t fetch(std::uint64_t address) const {
        const Served s = serve(address);
        if (s.level == levels.size()) return dramLatency;
        return s.far ? levels[s.level].farLatency : levels[s.level].latency;
    }
};

// Every cache instance of a profile, created on first use and kept between chases.
// reset() starts a new chase: each instance is emptied the first time a path uses it afterwards,
// so one chase costs only the instances it touches.
class CacheHierarchy {
public:
    explicit CacheHierarchy(const SimProfile& profile);  // keeps a reference; profile must outlive it

    void reset(std::uint64_t seed);
    // The walk of a load in `space` by `warp` of logical unit `unit` (global_l2/vector_l2
    // skip the unit-private levels of global/vector).
    LoadPath path(Space space, int unit, int warp);

private:
    struct Slot {
        std::unique_ptr<CacheSim> cache;
        std::uint64_t generation = 0;
    };

    CacheSim* acquire(std::size_t cacheIndex, std::size_t instance);
    CacheSim* acquireTlb(std::size_t tlbIndex, int unit);
    std::size_t nearInstance(const SimCache& cache, std::size_t cacheIndex, int unit, int warp) const;

    const SimProfile& profile_;
    std::vector<std::vector<Slot>> slots_;         // [cache][instance]
    std::vector<std::vector<Slot>> tlbSlots_;      // [tlb][unit, group, or 0 when shared]
    std::vector<std::vector<int>> groupOfUnit_;    // cu_group caches: [cache][logical unit] -> group
    std::uint64_t generation_ = 1;
    std::uint64_t seed_ = 0;
};

}  // namespace ts::sim_detail
