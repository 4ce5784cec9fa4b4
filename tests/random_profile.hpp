#pragma once
// Random but plausible simulator profiles, reproducible from a seed, for end-to-end tests.
#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "model/space.hpp"

namespace ts::test {

class ProfileDice {
public:
    explicit ProfileDice(unsigned seed) : rng_(seed) {}
    int between(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng_); }
    template <typename T>
    T pick(std::initializer_list<T> options) {
        return *(options.begin() + between(0, static_cast<int>(options.size()) - 1));
    }
    bool coin() { return between(0, 1) == 1; }

private:
    std::mt19937 rng_;
};

// FullyAssociative: every cache fully associative and LRU, as the end-to-end tests have always
// run. SetAssociative: caches as GPUs build them (issue 34): 1-32 ways or fully associative, xor,
// modulo or scrambled indexes (set counts of any kind), LRU, PLRU, FIFO or random replacement,
// sectors of 32-128 B, L2s of 1-64 MiB in one or two partitions (replicating or not), and 1-3
// TLB levels of 4 KiB-32 MiB pages, set-associative or not, per unit, group or GPU.
enum class RandomCaches { FullyAssociative, SetAssociative };

namespace random_detail {

// Ways and sets for about `lines` lines of one instance: the cache's "ways", "index", "policy"
// and its size (ways x sets x line x instances). PLRU only where the ways are a power of two.
inline void setStructure(ProfileDice& d, nlohmann::json& cache, long long lines, int instances = 1) {
    const int line = cache["line"].get<int>();
    const int ways = d.pick({0, 1, 2, 3, 4, 4, 6, 8, 8, 12, 16, 16, 20, 24, 32});
    const long long sets = std::max<long long>(1, ways == 0 ? 1 : lines / ways);
    const long long held = ways == 0 ? lines : sets * ways;
    cache["size"] = held * line * instances;
    cache["ways"] = ways;
    std::string policy = d.pick<std::string>({"lru", "plru", "fifo", "random"});
    const long long plruUnits = ways == 0 ? held : ways;
    if (policy == "plru" && ((plruUnits & (plruUnits - 1)) != 0 || (ways != 0 && ways > 64))) policy = "lru";
    cache["policy"] = policy;
    if (ways > 0) cache["index"] = d.pick<std::string>({"xor", "xor", "modulo", "scrambled"});
}

inline nlohmann::json tlbLevel(const std::string& id, const std::string& scope, long long entries, long long page,
                               int missCost) {
    nlohmann::json t{{"id", id}, {"scope", scope}, {"entries", entries}, {"page_size", page}, {"miss_cost", missCost}};
    if (scope == "group") t["group_size"] = 2;
    return t;
}

// 1-3 levels, each reaching at least twice as far as the one in front of it (a level that reaches
// no farther adds its cost where the one in front misses: no walk tells the two apart).
inline nlohmann::json randomTlbs(ProfileDice& d, const std::string& unitScope) {
    nlohmann::json tlbs = nlohmann::json::array();
    const int levels = d.between(1, 3);
    long long page = d.pick<long long>({4096, 65536, 2 << 20, 2 << 20, 16 << 20, 32 << 20});
    long long reach = 0;
    for (int level = 1; level <= levels; ++level) {
        if (level > 1 && d.coin()) page = std::min<long long>(32 << 20, page * d.pick({2, 8}));
        const bool last = level == levels;
        const std::string scope = level == 1 ? unitScope : last ? d.pick<std::string>({"gpu", "group"}) : "group";
        long long entries = level == 1 ? d.pick({8, 16, 32, 64}) : d.pick({128, 256, 512, 1024, 2048});
        while (entries * page < 2 * reach) entries *= 2;
        if (entries > 65536) break;
        nlohmann::json t = tlbLevel("tlb" + std::to_string(level), scope, entries, page, d.between(10, 120));
        if (level > 1 && d.coin()) t["ways"] = d.pick({4, 8, 16});
        reach = entries * page;
        tlbs.push_back(t);
    }
    return tlbs;
}

}  // namespace random_detail

inline nlohmann::json noiseBlock(ProfileDice& d, unsigned seed) {
    return {{"jitter", d.between(0, 3)}, {"outlier_rate", d.pick({0.0, 0.001, 0.003})}, {"outlier_extra", 300},
            {"seed", seed}};
}

inline nlohmann::json randomNvidiaProfile(unsigned seed) {
    ProfileDice d(seed);
    const int sms = d.between(8, 40);
    const int l1Line = d.pick({64, 128});
    const int l1Sector = d.pick({32, l1Line});
    const int l1Size = l1Line * d.between(256, 2048);
    const bool textureShared = d.coin();
    const int l2Line = d.pick({64, 128});
    const int l2Sector = d.pick({32, l2Line});
    const int segments = d.pick({1, 2});
    const long long l2Size = static_cast<long long>(segments) * l2Line * d.between(8192, 40000);
    const int cl1Size = d.pick({1024, 2048, 4096});
    const int cl15Size = d.pick({16384, 32768, 49152});
    nlohmann::json caches = nlohmann::json::array();
    caches.push_back({{"id", "l1"}, {"serves", textureShared ? nlohmann::json{"global", "texture", "readonly"}
                                                             : nlohmann::json{"global", "readonly"}},
                      {"scope", "sm"}, {"per_sm", d.pick({1, 2})}, {"size", l1Size}, {"line", l1Line},
                      {"sector", l1Sector}, {"ways", 0}, {"policy", "lru"}, {"latency", d.between(25, 45)}});
    if (!textureShared)
        caches.push_back({{"id", "tex"}, {"serves", {"texture"}}, {"scope", "sm"}, {"per_sm", 1},
                          {"size", 128 * d.between(64, 256)}, {"line", 128}, {"sector", 32}, {"latency", d.between(50, 90)}});
    caches.push_back({{"id", "cl1"}, {"serves", {"constant"}}, {"scope", "sm"}, {"per_sm", 1}, {"size", cl1Size},
                      {"line", 64}, {"sector", 64}, {"latency", d.between(15, 25)}});
    caches.push_back({{"id", "cl15"}, {"serves", {"constant"}}, {"scope", "sm"}, {"per_sm", 1}, {"size", cl15Size},
                      {"line", 256}, {"sector", 256}, {"latency", d.between(90, 120)}});
    const int l2Latency = d.between(180, 260);
    nlohmann::json l2{{"id", "l2"}, {"serves", {"global", "texture", "readonly", "constant"}}, {"scope", "gpu"},
                      {"segments", segments}, {"size", l2Size}, {"line", l2Line}, {"sector", l2Sector},
                      {"latency", l2Latency}};
    if (segments > 1) l2["far_latency"] = l2Latency + d.between(100, 250);
    caches.push_back(l2);
    return {{"format", "toposcope-sim-profile/1"},
            {"name", "random NVIDIA #" + std::to_string(seed)},
            {"vendor", "NVIDIA"},
            {"arch", "sm_90"},
            {"clock_khz", 1500000},
            {"compute", {{"sm_count", sms}, {"warp_size", 32}, {"cores_per_sm", 128}, {"max_threads_per_block", 1024},
                         {"max_threads_per_sm", 2048}, {"max_blocks_per_sm", 32}, {"regs_per_block", 65536},
                         {"regs_per_sm", 65536}}},
            {"caches", caches},
            {"api", {{"l2_size", l2Size}, {"shared_mem_per_sm", 102400}, {"shared_mem_per_block", 49152},
                     {"total_const_mem", 65536}, {"memory_bus_width", 4096}, {"memory_clock_khz", 1500000},
                     {"total_global_mem", 17179869184LL}}},
            {"shared_memory", {{"latency", d.between(20, 35)}}},
            {"dram", {{"latency", d.between(500, 900)}, {"read_gibs", 1500}, {"write_gibs", 1400}}},
            {"noise", noiseBlock(d, seed)}};
}

inline nlohmann::json randomAmdProfile(unsigned seed) {
    ProfileDice d(seed);
    const int xcds = d.pick({1, 2});
    const int perXcd = d.between(6, 16);  // physical CU slots per XCD
    nlohmann::json physical = nlohmann::json::array();
    nlohmann::json groups = nlohmann::json::array();
    // One XCD's pattern of disabled CUs, repeated on every XCD so each holds as many active CUs.
    std::vector<std::vector<int>> pattern;
    for (int base = 0; base < perXcd; base += 2) {
        std::vector<int> group;
        for (int cu = base; cu < std::min(base + 2, perXcd); ++cu)
            if (d.between(0, 5) != 0) group.push_back(cu);  // about 1 in 6 CUs disabled
        if (!group.empty()) pattern.push_back(group);
    }
    for (int x = 0; x < xcds; ++x) {
        for (const auto& g : pattern) {
            nlohmann::json group = nlohmann::json::array();
            for (int cu : g) {
                group.push_back(x * perXcd + cu);
                physical.push_back(x * perXcd + cu);
            }
            groups.push_back(group);
        }
    }
    const int l2Line = 128;
    const long long l2Size = static_cast<long long>(l2Line) * d.between(4096, 16384);
    const bool l3 = d.coin();
    nlohmann::json caches = nlohmann::json::array();
    caches.push_back({{"id", "vl1"}, {"serves", {"vector"}}, {"scope", "cu"}, {"per_sm", 1},
                      {"size", 64 * d.between(128, 512)}, {"line", d.pick({64, 128})}, {"sector", 64},
                      {"latency", d.between(100, 130)}});
    caches.push_back({{"id", "sl1d"}, {"serves", {"scalar"}}, {"scope", "cu_group"}, {"groups", groups},
                      {"size", 64 * d.between(128, 256)}, {"line", 64}, {"sector", 64}, {"latency", d.between(40, 60)}});
    caches.push_back({{"id", "l2"}, {"serves", {"vector", "scalar"}}, {"scope", xcds > 1 ? "xcd" : "gpu"},
                      {"size", l2Size}, {"line", l2Line}, {"sector", 128}, {"latency", d.between(250, 320)}});
    if (l3)
        caches.push_back({{"id", "l3"}, {"serves", {"vector", "scalar"}}, {"scope", "gpu"},
                          {"size", l2Size * xcds * 4}, {"line", 128}, {"sector", 128}, {"latency", d.between(400, 500)}});
    return {{"format", "toposcope-sim-profile/1"},
            {"name", "random AMD #" + std::to_string(seed)},
            {"vendor", "AMD"},
            {"arch", "gfx942"},
            {"clock_khz", 2100000},
            {"compute", {{"sm_count", physical.size()}, {"warp_size", 64}, {"cores_per_sm", 64},
                         {"max_threads_per_block", 1024}, {"max_threads_per_sm", 2048}, {"max_blocks_per_sm", 2},
                         {"regs_per_block", 65536}, {"regs_per_sm", 65536}, {"xcds", xcds},
                         {"physical_cu_ids", physical}}},
            {"caches", caches},
            {"api", {{"l2_size", l2Size * xcds}, {"shared_mem_per_sm", 65536}, {"shared_mem_per_block", 65536},
                     {"memory_bus_width", 4096}, {"memory_clock_khz", 1600000},
                     {"total_global_mem", 34359738368LL}}},
            {"shared_memory", {{"latency", d.between(40, 60)}}},
            {"dram", {{"latency", d.between(600, 900)}, {"read_gibs", 1600}, {"write_gibs", 1400}}},
            {"noise", noiseBlock(d, seed)}};
}

// The profile of `seed` (either vendor) with its caches and TLBs made as GPUs build them: see
// RandomCaches::SetAssociative. Sizes are dice of their own; the units, latencies and sharing stay.
inline nlohmann::json setAssociativeVariant(nlohmann::json profile, unsigned seed) {
    ProfileDice d(seed * 7919u + 17u);
    const bool nvidia = profile["vendor"] == "NVIDIA";
    long long l2TotalBytes = 0;
    for (auto& cache : profile["caches"]) {
        const std::string id = cache["id"];
        const int line = cache["line"].get<int>();
        int sector = std::min(line, d.pick({32, 32, 64, 128}));
        if (line / sector > 32) sector = line / 32;
        cache["sector"] = sector;
        const bool l2 = id == "l2";
        const bool unitLevel = id == "l1" || id == "vl1" || id == "tex";
        long long lines = cache["size"].get<long long>() / line;
        int instances = 1;
        if (unitLevel) lines = 1024LL * d.between(16, 256) / line;
        // A memory-side L3 (an Infinity Cache) holds several times all the L2s together, as on
        // every part that has one (RDNA2 and 3, the MI300X: 16-64 x): drawn after the L2 it faces.
        if (id == "l3") lines = l2TotalBytes * d.between(4, 16) / line;
        if (l2) {
            const int segments = nvidia ? d.pick({1, 2}) : 1;  // AMD: one L2 per XCD
            instances = segments;
            lines = (1LL << 20) * d.between(1, nvidia ? 64 : 16) / line / segments;
            if (nvidia) cache["segments"] = segments;
            if (segments > 1) {
                cache["far_latency"] = cache["latency"].get<int>() + d.between(100, 250);
                cache["replicate_far"] = d.coin();
            } else {
                cache.erase("far_latency");
                cache.erase("replicate_far");
            }
        }
        random_detail::setStructure(d, cache, lines, instances);
        if (l2 && nvidia) profile["api"]["l2_size"] = cache["size"];
        if (l2 && !nvidia) profile["api"]["l2_size"] = cache["size"].get<long long>() * profile["compute"].value("xcds", 1);
        if (l2) l2TotalBytes = profile["api"]["l2_size"].get<long long>();
    }
    profile["tlbs"] = random_detail::randomTlbs(d, nvidia ? "sm" : "cu");
    profile["name"] = profile["name"].get<std::string>() + " (set-associative)";
    return profile;
}

// An NVIDIA SM layout (issue 39) of TPCs of two SMs in 1-8 GPCs of any sizes (harvested parts
// differ), clusters up to 8 or 16; none where the SM count is odd. Its own dice: the caches'
// draws stay as they were.
inline void addRandomLayout(nlohmann::json& profile, unsigned seed) {
    const int sms = profile["compute"]["sm_count"].get<int>();
    if (sms % 2 != 0) return;
    ProfileDice d(seed * 104729u + 3u);
    const int tpcs = sms / 2;
    std::vector<int> perGpc(static_cast<std::size_t>(d.between(1, std::min(8, tpcs))), 1);
    for (int t = static_cast<int>(perGpc.size()); t < tpcs; ++t)
        ++perGpc[static_cast<std::size_t>(d.between(0, static_cast<int>(perGpc.size()) - 1))];
    profile["compute"]["layout"] = {{"tpcs_per_gpc", perGpc}, {"sms_per_tpc", 2}, {"max_cluster_size", d.pick({8, 16})}};
}

// What the roofline and the write policy measure (issue 38): each cache's bytes per cycle (the
// GPU-wide ones' read and write GiB/s) and write policy, the scratchpad's bytes per cycle, the
// bytes an SM keeps in flight. Its own dice: nothing else moves.
inline void addRandomBandwidth(nlohmann::json& profile, unsigned seed) {
    ProfileDice d(seed * 15485863u + 5u);
    const double memoryRead = profile["dram"]["read_gibs"].get<double>();
    for (auto& cache : profile["caches"]) {
        const std::string scope = cache["scope"];
        const bool unitPrivate = scope == "sm" || scope == "cu" || scope == "cu_group";
        const bool scalar = std::find(cache["serves"].begin(), cache["serves"].end(), "scalar") != cache["serves"].end();
        if (unitPrivate) {
            // A scalar cache answers one address a wavefront: narrower than a vector one.
            cache["bytes_per_cycle"] = scalar ? d.pick({16, 32, 48, 64}) : d.pick({32, 64, 96, 128});
        } else {
            const double read = memoryRead * d.between(15, 40) / 10.0;
            cache["read_gibs"] = read;
            cache["write_gibs"] = read * d.between(5, 9) / 10.0;
        }
        // Write-through without allocation (an SM's cache, mostly), or write-back with it (an L2,
        // mostly); now and then the other ways round.
        const bool back = unitPrivate ? d.between(0, 3) == 0 : d.between(0, 3) != 0;
        cache["write"] = back ? "back" : "through";
        cache["write_allocate"] = back ? d.between(0, 5) != 0 : d.between(0, 3) == 0;
    }
    profile["shared_memory"]["bytes_per_cycle"] = d.pick({64, 128});
    profile["compute"]["bytes_in_flight"] = d.pick({16384, 32768, 65536});
}

inline nlohmann::json randomProfile(Vendor vendor, unsigned seed, RandomCaches caches) {
    nlohmann::json p = vendor == Vendor::Nvidia ? randomNvidiaProfile(seed) : randomAmdProfile(seed);
    if (vendor == Vendor::Nvidia) addRandomLayout(p, seed);
    addRandomBandwidth(p, seed);
    return caches == RandomCaches::SetAssociative ? setAssociativeVariant(std::move(p), seed) : p;
}

}  // namespace ts::test
