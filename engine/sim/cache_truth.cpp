#include "sim/cache_truth.hpp"

#include "sim/cache_hierarchy.hpp"

namespace ts {

std::optional<std::uint64_t> contiguousKneeBytes(const SimCache& cache) {
    if (cache.scope == CacheScope::Gpu && cache.segments > 1) return std::nullopt;
    const auto instance = sim_detail::makeCacheSim(sim_detail::geometryOf(cache), 0);
    return instance->linesThatFitInARow(sim_detail::kMainArrayAddress) * cache.line;
}

}  // namespace ts
