#include <algorithm>

#include "analysis/analysis.hpp"
#include "benchmarks/attributes.hpp"
#include "benchmarks/cache_benchmarks.hpp"
#include "benchmarks/cache_common.hpp"
#include "benchmarks/sweep_runner.hpp"
#include "model/attribute_names.hpp"

namespace ts {

// Cold chases with growing strides: the first load into each sector misses.
// Behind another cache, strides start at that cache's line so every load passes it.
void measureFetchGranularity(RunContext& ctx, const CacheTarget& target) {
    const std::string title = target.title + " Fetch Granularity";
    ctx.beginStep(title, "cold chases, strides 4 B to 1 KiB");
    // Behind another cache a cold chase must touch a new sector of it on every load,
    // so strides start at that cache's fetch granularity.
    std::uint32_t firstStride = 4;
    if (target.above) {
        const Attribute* aboveFg = ctx.topology().find(*target.above, attr::fetchGranularity);
        if (!aboveFg || aboveFg->value <= 0) {
            ctx.report(target.element, undecided(attr::fetchGranularity, "the cache in front of it was not measured"));
            return;
        }
        firstStride = static_cast<std::uint32_t>(aboveFg->value);
    }
    constexpr std::uint32_t kLoads = 64;
    const std::uint64_t limit = chaserLimit(ctx, target);
    std::vector<ChaseRequest> requests;
    std::vector<SeriesRow> rows;
    for (std::uint32_t stride = firstStride; stride <= 1024 && std::uint64_t{stride} * kLoads <= limit; stride *= 2) {
        ChaseRequest r;
        r.space = target.space;
        r.arrayBytes = std::uint64_t{stride} * kLoads;
        r.strideBytes = stride;
        r.warmupPasses = 0;
        r.recordLoads = kLoads;
        requests.push_back(r);
        rows.push_back(SeriesRow{static_cast<double>(stride), 0, {}, 0, {}});
    }
    SweepRunner runner(ctx, seriesId(target, "fetch_granularity"), title, SeriesKind::FetchGranularity,
                       target.element);
    runner.run(requests, target.unitPrivate, rows);

    // The hit level: a warm chase with the smallest stride that only hits this cache (behind
    // another cache: over twice that cache's apparent size, so it misses there). Kept as row x = 0.
    ChaseRequest warm;
    warm.space = target.space;
    warm.strideBytes = firstStride;
    warm.arrayBytes = std::max<std::uint64_t>(std::uint64_t{firstStride} * kLoads, passAboveBytes(ctx, target, firstStride));
    warm.warmupPasses = 2;
    warm.recordLoads = kLoads;
    const auto reference = runner.run({warm}, false, {SeriesRow{0, static_cast<double>(warm.arrayBytes), "warm reference", 0, {}}}).front();
    runner.finish();

    const Decision d = decideFetchGranularity(runner.sorted(), reference);
    Attribute a = attributeFrom(d, attr::fetchGranularity, runner.sorted().id);
    // Only behind another cache is "at most the smallest stride" usable as a stride: it still
    // touches a new sector of that cache on every load. A first level must decide.
    if (target.above && (d.upperBound || (d.decided && d.value <= firstStride))) {
        a.value = firstStride;
        // Every load already missed at the smallest stride we may use: the true granularity
        // is this stride or finer, hidden by the cache in front.
        a.confidence = 0;
        a.upperBound = true;
        a.reason = "at most " + std::to_string(firstStride) +
                   " B: finer granularity is hidden behind the cache in front (its own granularity)";
    }
    ctx.report(target.element, a);
}

}  // namespace ts
