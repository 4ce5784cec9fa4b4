#include "backend/backend.hpp"

#include "backend/eviction_test.hpp"

namespace ts {

std::vector<ChaseResult> Backend::chaseBatch(const std::vector<ChaseRequest>& requests) {
    std::vector<ChaseResult> results;
    results.reserve(requests.size());
    for (const auto& request : requests) results.push_back(chase(request));
    return results;
}

ChaseResult Backend::chaseSequence(const SequenceChase&) {
    throw BackendError("the " + kind() + " backend does not run address-sequence chases");
}

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
    for (int pass = 0; pass < 2; ++pass) r.offsets.insert(r.offsets.end(), loads.begin(), loads.end());
    r.offsets.push_back(0);
    r.timedFrom = static_cast<std::uint32_t>(r.offsets.size() - 1);
    return r;
}

std::uint32_t Backend::evictionTest(const EvictionTest& t) {
    const ChaseResult res = chaseSequence(evictionSequence(t));
    if (res.latencies.empty()) throw BackendError("eviction test: the sequence chase timed no load");
    return res.latencies.back();
}

}  // namespace ts
