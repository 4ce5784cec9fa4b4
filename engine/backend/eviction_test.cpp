#include "backend/eviction_test.hpp"

namespace ts {

std::vector<std::uint64_t> evictionLoads(const EvictionTest& t) {
    std::vector<std::uint64_t> loads(t.chosen);
    for (std::uint64_t i = 0; i < t.prefix; ++i) loads.push_back(scatteredPoolLine(t.pool.seed, t.pool.bits, i) * t.lineBytes);
    return loads;
}

SequenceChase evictionSequence(const EvictionTest& t) {
    SequenceChase r;
    r.space = t.space;
    r.offsets = {0};
    const std::vector<std::uint64_t> loads = evictionLoads(t);
    for (std::uint32_t pass = 0; pass < t.passes; ++pass) r.offsets.insert(r.offsets.end(), loads.begin(), loads.end());
    if (t.refresh != 0) r.offsets.push_back(t.refresh);
    r.offsets.push_back(0);
    r.timedFrom = static_cast<std::uint32_t>(r.offsets.size() - 1);
    return r;
}

}  // namespace ts
