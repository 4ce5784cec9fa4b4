#include "backend/device_work.hpp"

#include <algorithm>

namespace ts {

std::uint64_t dependentLoads(const ChaseRequest& request) {
    const std::uint64_t perPass = request.arrayBytes / std::max<std::uint32_t>(1, request.strideBytes);
    std::uint64_t loads = std::uint64_t(request.recordLoads) * std::max<std::uint32_t>(1, request.recordEvery);
    loads += perPass * request.warmupPasses / (request.blockWarmup ? kBlockReadParallelism : 1);
    if (request.second) {
        const auto& s = *request.second;
        const std::uint64_t bytes = s.sameArray ? request.arrayBytes : s.arrayBytes;
        const std::uint64_t walked = bytes / std::max<std::uint32_t>(1, s.sameArray ? request.strideBytes : s.strideBytes) * s.passes;
        loads += walked / (s.blockRead ? kBlockReadParallelism : 1);
    }
    return loads;
}

std::uint64_t dependentLoads(const std::vector<ChaseRequest>& batch) {
    std::uint64_t longest = 0;
    for (const auto& r : batch) longest = std::max(longest, dependentLoads(r));
    return longest;
}

std::uint64_t dependentLoads(const SequenceChase& request) {
    return request.offsets.size() + request.otherOffsets.size();
}

// The target, the chosen lines and the pool's prefix `passes` times, the target again.
std::uint64_t dependentLoads(const EvictionTest& test) {
    return 2 + test.passes * (test.chosen.size() + test.prefix / kBlockReadParallelism);
}

}  // namespace ts
