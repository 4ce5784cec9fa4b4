#include "benchmarks/retime.hpp"

namespace ts {

std::vector<std::uint32_t> retimeAfter(RunContext& ctx, Space space, std::uint64_t arrayBytes, std::uint32_t stride,
                                       int unit, const std::optional<SecondChaser>& second) {
    ChaseRequest r;
    r.space = space;
    r.arrayBytes = arrayBytes;
    r.strideBytes = stride;
    r.warmupPasses = 1;
    r.recordLoads = static_cast<std::uint32_t>(std::min<std::uint64_t>(256, arrayBytes / stride));
    r.unit = unit;
    r.second = second;
    return ctx.chase(r).latencies;
}

}  // namespace ts
