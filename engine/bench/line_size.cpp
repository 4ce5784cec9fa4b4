#include <algorithm>

#include "analysis/analysis.hpp"
#include "bench/attributes.hpp"
#include "bench/cache_benchmarks.hpp"
#include "bench/cache_common.hpp"
#include "bench/sweep_runner.hpp"

namespace ts {

// An array of 1.5x the capacity, walked with growing strides: a cache of C bytes
// in lines of L holds C/L tags, so the chase starts to hit once stride >= 1.5 L.
void measureLineSize(RunContext& ctx, const CacheTarget& target) {
    const std::string title = target.title + " Line Size";
    const Attribute* size = decided(ctx, target.element, "size");
    const Attribute* fg = usableFetchGranularity(ctx, target.element);
    if (!size || !fg) {
        ctx.report(target.element, undecided("lineSize", "bytes", "size or fetch granularity unknown"));
        return;
    }
    std::uint32_t firstStride = static_cast<std::uint32_t>(fg->value);
    if (target.above)  // every load must touch a new sector of the cache in front
        if (const Attribute* aboveFg = ctx.topology().find(*target.above, "fetchGranularity"))
            firstStride = std::max(firstStride, static_cast<std::uint32_t>(aboveFg->value));
    // 1.5 C, rounded so that every stride up to the largest one (at least 8 loads) divides it.
    const auto target15 = static_cast<std::uint64_t>(1.5 * size->value);
    std::uint64_t largestStride = firstStride;
    while (largestStride * 2 <= 4096 && target15 / (largestStride * 2) >= 8) largestStride *= 2;
    const std::uint64_t arrayBytes = alignDown(target15, largestStride);
    std::uint64_t splitAbove = 0;
    if (arrayBytes > chaserLimit(ctx, target)) {
        if (target.space != Space::Constant) {
            ctx.report(target.element, undecided("lineSize", "bytes",
                                                 "1.5x the size exceeds what one chaser can walk in this space"));
            return;
        }
        splitAbove = chaserLimit(ctx, target);
    }
    ctx.beginStep(title, "strides over 1.5x the size");
    std::vector<ChaseRequest> requests;
    std::vector<SeriesRow> rows;
    for (std::uint32_t stride = firstStride; stride <= largestStride; stride *= 2) {
        // The cache in front must not hold the whole walk: A/s lines beyond its C/L tags.
        if (target.above && arrayBytes <= passAboveBytes(ctx, target, stride) / 2) break;
        ChaseRequest r = chaseOver(target.space, arrayBytes, stride, splitAbove);
        r.warmupPasses = 2;
        r.recordLoads = static_cast<std::uint32_t>(std::min<std::uint64_t>(256, r.arrayBytes / stride));
        requests.push_back(r);
        rows.push_back(SeriesRow{static_cast<double>(stride), static_cast<double>(arrayBytes), {}, 0, {}});
    }
    SweepRunner runner(ctx, seriesId(target, "line_size"), title, SeriesKind::LineSize, target.element);
    runner.run(requests, false, rows);  // one unit: see measureSize
    runner.finish();

    const Decision d = decideLineSize(runner.sorted(), size->value, fg->value);
    ctx.report(target.element, attributeFrom(d, "lineSize", runner.sorted().id));
}

}  // namespace ts
