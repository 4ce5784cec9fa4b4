#include "analysis/set_model.hpp"

#include <map>
#include <mutex>
#include <tuple>

namespace ts {

std::vector<double> lastPassHits(std::uint32_t ways, SetPolicy policy, int passes, int upTo) {
    constexpr int kRandomTrials = 64;
    static std::mutex mutex;
    static std::map<std::tuple<std::uint32_t, SetPolicy, int>, std::vector<double>> known;
    const std::lock_guard<std::mutex> lock(mutex);
    std::vector<double>& hits = known[{ways, policy, passes}];
    if (static_cast<int>(hits.size()) <= upTo) {
        std::mt19937_64 rng(0x72616e646f6d66ull ^ ways);
        const int trials = policy == SetPolicy::Random ? kRandomTrials : 1;
        SetModel set(ways, policy, rng);
        for (int load = static_cast<int>(hits.size()); load <= upTo; ++load) {
            double sum = 0;
            for (int trial = 0; trial < trials; ++trial) {
                set.empty();
                for (int pass = 1; pass <= passes; ++pass)
                    for (int line = 0; line < load; ++line) {
                        const bool hit = set.access(line);
                        if (pass == passes && hit) sum += 1;
                    }
            }
            hits.push_back(sum / trials);
        }
    }
    return {hits.begin(), hits.begin() + upTo + 1};
}

}  // namespace ts
