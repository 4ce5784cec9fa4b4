#pragma once
// Random but plausible simulator profiles, reproducible from a seed, for end-to-end tests.
#include <random>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

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

}  // namespace ts::test
