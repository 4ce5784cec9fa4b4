#pragma once
// The chase request the GPU probe programs build over and over: one array, one stride.
#include <cstdint>

#include "backend/backend.hpp"

namespace ts {

inline ChaseRequest chaseRequest(Space space, std::uint64_t bytes, std::uint32_t stride, std::uint32_t warmup = 1,
                                 std::uint32_t record = 256, int unit = 0) {
    ChaseRequest r;
    r.space = space;
    r.arrayBytes = bytes;
    r.strideBytes = stride;
    r.warmupPasses = warmup;
    r.recordLoads = record;
    r.unit = unit;
    return r;
}

}  // namespace ts
