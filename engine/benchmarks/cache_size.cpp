#include <algorithm>

#include "benchmarks/cache_benchmarks.hpp"
#include "benchmarks/cache_common.hpp"
#include "analysis/miss_rule.hpp"
#include "benchmarks/size_search.hpp"
#include "model/attribute_names.hpp"

namespace ts {
namespace {

// Constant banks one chase may visit: the main chaser's own and those of further modules
// (the CUDA backend has eight of 64 KiB).
constexpr std::uint64_t kConstantBanks = 8;

// Whether the first row beyond `bytes` misses on most loads (the miss rule against the first row),
// as a cache that is full at `bytes` does under LRU.
bool fullStepAfter(const Series& sweep, std::uint64_t bytes) {
    if (sweep.rows.empty()) return false;
    const HitReference reference = hitReference(sweep.rows.front().latencies);
    for (const auto& row : sweep.rows)
        if (row.x > static_cast<double>(bytes)) return showsMisses(reference, row.latencies);
    return false;
}

}  // namespace

void measureSize(RunContext& ctx, const CacheTarget& target) {
    const Attribute* fg = usableFetchGranularity(ctx, target.element);
    if (!fg) {
        ctx.report(target.element, undecided(attr::size, "fetch granularity unknown"));
        return;
    }
    SizeSearchSpec spec;
    spec.element = target.element;
    spec.seriesId = seriesId(target, "size");
    spec.title = target.title + " Size";
    spec.space = target.space;
    spec.strideBytes = static_cast<std::uint32_t>(fg->value);
    spec.startBytes = std::max<std::uint64_t>(1024, 16 * spec.strideBytes);
    // A constant L1 may be smaller than that (768 B): its start row would then time the level
    // behind it and find that level's knee. (Data caches of under 1 KiB are not built.)
    if (target.space == Space::Constant && !target.above) spec.smallestBytes = 4 * spec.strideBytes;
    // Behind no unit cache (L1-bypassing loads), hits take longer the farther a line's L2 slice
    // sits: the reference row must cover many slices, or larger rows look slower than its fence.
    // 1/16 of the API's L2 size, at most 1 MiB, is still far below the knee.
    if (bypassesUnitCaches(target.space) && ctx.device().l2SizeBytes > 0)
        spec.startBytes = std::max(spec.startBytes,
                                   alignDown(std::min<std::uint64_t>(1 << 20, ctx.device().l2SizeBytes / 16), spec.strideBytes));
    if (target.above) {
        const std::uint64_t pass = passAboveBytes(ctx, target, spec.strideBytes);
        if (!pass) {
            ctx.report(target.element, undecided(attr::size, "the cache in front of it was not measured"));
            return;
        }
        spec.startBytes = alignDown(pass, spec.strideBytes);
    }
    spec.limitBytes = chaserLimit(ctx, target);
    // Constant data beyond one bank: fill a full bank, then further banks, then re-time the first.
    if (target.space == Space::Constant) {
        spec.splitAboveBytes = spec.limitBytes;
        spec.limitBytes = kConstantBanks * spec.limitBytes;
    }
    // Every row on one unit: units of a real GPU need not be identical (carve-outs, fused-off
    // parts), and one sweep must measure one cache.
    spec.batchable = false;
    // The L2 behind L1-bypassing loads: arrays of tens of MiB, so sampled rows (block warm-up, a
    // fixed number of scattered timed loads). The HIP backend has neither yet.
    if (bypassesUnitCaches(target.space) && !target.above && ctx.device().vendor == Vendor::Nvidia) {
        spec.sampled = true;
        spec.recordLoads = 4096;
    } else if (!target.above && !bypassesUnitCaches(target.space)) {
        // A unit cache's rows (a few thousand loads a pass): 1024 of them timed, so that the first
        // sets a contiguous array overflows show. With 256, the 1-2 % of loads that miss just past
        // the knee of a hashed cache passed for chance, and the knee read 2-3.5 % above the truth.
        spec.recordLoads = 1024;
    }
    SizeSearchOutcome outcome = searchSize(ctx, spec);

    Attribute a;
    a.name = attr::size;
    if (spec.splitAboveBytes && outcome.decided && outcome.bytes == spec.splitAboveBytes &&
        !fullStepAfter(analysedRows(ctx.series(spec.seriesId)), spec.splitAboveBytes)) {
        // The knee sits exactly where the second chaser starts, and the first row that needs
        // another module misses only partly: capacity and the cost of switching modules cannot
        // be told apart. What is known: the first bank fits.
        outcome.decided = false;
        outcome.lowerBound = true;
        outcome.reason = "misses begin exactly where a second module's bank joins the chase: at least one bank fits, "
                         "the capacity beyond it cannot be told from the cost of switching modules";
    }
    a.value = static_cast<double>(outcome.bytes);
    a.method = "p-chase+ks";
    a.confidence = outcome.decided ? outcome.confidence : 0;
    a.lowerBound = outcome.lowerBound;
    a.reason = outcome.reason;
    a.evidence = spec.seriesId;
    ctx.report(target.element, a);
}

}  // namespace ts
