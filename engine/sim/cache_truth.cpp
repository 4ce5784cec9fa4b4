#include "sim/cache_truth.hpp"

#include "sim/cache_hierarchy.hpp"

namespace ts {
namespace {

// Above this many lines the walks of the search take too long for a test (an L3 of 256 MiB).
constexpr std::uint64_t kMostLines = 1u << 17;

// Misses of a warm pass over `lines` consecutive lines: two passes warm the instance, the third counts.
std::uint64_t warmPassMisses(sim_detail::CacheSim& instance, std::uint64_t lines, std::uint32_t line) {
    instance.clear(1);
    std::uint64_t misses = 0;
    for (int pass = 0; pass < 3; ++pass)
        for (std::uint64_t i = 0; i < lines; ++i) {
            const bool hit = instance.access(sim_detail::kMainArrayAddress + i * line);
            if (pass == 2 && !hit) ++misses;
        }
    return misses;
}

}  // namespace

std::optional<KneeTruth> contiguousKneeTruth(const SimCache& cache) {
    if (cache.scope == CacheScope::Gpu && cache.segments > 1) return std::nullopt;
    const auto instance = sim_detail::makeCacheSim(sim_detail::geometryOf(cache), 0);
    const std::uint64_t capacityLines = instance->lineCount();
    if (capacityLines > kMostLines) return std::nullopt;
    const std::uint64_t firstOverflow = instance->linesThatFitInARow(sim_detail::kMainArrayAddress);
    // Bisection between the lines that always fit and twice the capacity, which misses under any
    // policy more than the share allows.
    std::uint64_t lo = firstOverflow, hi = 2 * capacityLines;
    const auto withinShare = [&](std::uint64_t lines) {
        return static_cast<double>(warmPassMisses(*instance, lines, cache.line)) <= kKneeMissShare * static_cast<double>(lines);
    };
    while (hi - lo > 1) {
        const std::uint64_t mid = lo + (hi - lo) / 2;
        (withinShare(mid) ? lo : hi) = mid;
    }
    return KneeTruth{firstOverflow * cache.line, lo * cache.line};
}

}  // namespace ts
