#include <algorithm>
#include <cmath>

#include "analysis/analysis.hpp"
#include "benchmarks/attributes.hpp"
#include "benchmarks/cache_benchmarks.hpp"
#include "benchmarks/cache_common.hpp"
#include "analysis/miss_rule.hpp"
#include "analysis/robust.hpp"
#include "benchmarks/sweep_runner.hpp"
#include "model/attribute_names.hpp"

namespace ts {
namespace {

constexpr std::uint32_t kLatencySamples = 256;

std::vector<std::uint32_t> timedChase(RunContext& ctx, const CacheTarget& target, SweepRunner& runner,
                                      std::uint64_t arrayBytes, std::uint32_t stride, std::uint32_t warmup,
                                      bool blockWarmup = false) {
    const std::uint64_t split = target.space == Space::Constant ? chaserLimit(ctx, target) : 0;
    ChaseRequest r = chaseOver(target.space, arrayBytes, stride, split);
    r.warmupPasses = warmup;
    // The same passes in the same address order from the same SM, read by a whole block (the
    // size search's sampled rows; not on the HIP backend yet): for the L2, whose miss-penalty
    // pass covers twice its size, tens of MiB.
    r.blockWarmup = blockWarmup && bypassesUnitCaches(target.space) && !target.above && !r.second &&
                    ctx.device().vendor == Vendor::Nvidia;
    r.recordLoads = kLatencySamples;
    return runner.run({r}, false, {SeriesRow{static_cast<double>(arrayBytes), 0, {}, 0, {}}}).front();
}

// Behind another cache every load must miss it: stride of its fetch granularity (a new
// sector of it per load) over at least twice its size. Otherwise one line per load.
std::uint32_t hitStride(const RunContext& ctx, const CacheTarget& target) {
    if (target.above)
        if (const Attribute* aboveFg = usableFetchGranularity(ctx, *target.above))
            return static_cast<std::uint32_t>(aboveFg->value);
    return lineStride(ctx, target);
}

// A working set that hits this cache: a quarter of it (at most 1 MiB), but well past the cache in front.
std::uint64_t hitArrayBytes(const RunContext& ctx, const CacheTarget& target, double size, std::uint32_t stride) {
    std::uint64_t bytes = std::min<std::uint64_t>(static_cast<std::uint64_t>(size / 4), 1ull << 20);
    bytes = std::max(bytes, passAboveBytes(ctx, target, stride));
    return std::max<std::uint64_t>(alignDown(bytes, stride), stride);
}

// Behind another cache, a hit latency is this cache's only where the chase got past that one:
// as fast as it (within kSameLevel), the chase hit there; with its size undecided, the working set
// may not have left it (calibration, session 28: an L3 behind an L2 whose size read 0.6 MiB of
// 5 MiB took the L2's 310 cycles at 1.0, its truth 412).
constexpr double kSameLevel = 0.03;
Attribute behindFrontCache(const RunContext& ctx, const CacheTarget& target, const Attribute& latency, bool pastFront) {
    if (!target.above || !latency.isDecidedFigure()) return latency;
    const std::string front(displayName(*target.above));
    if (const Attribute* frontLatency = decided(ctx, *target.above, attr::latency))
        if (std::abs(latency.value - frontLatency->value) <= std::max(2.0, kSameLevel * frontLatency->value)) {
            Attribute same = undecided(attr::latency, "as fast as " + front + " (" + std::to_string(std::lround(frontLatency->value)) +
                                                          " cycles): the chase hit there, not in this cache");
            same.evidence = latency.evidence;  // the plot that shows it
            return same;
        }
    if (pastFront) return latency;
    if (const auto held = heldTo(latency, 0.5, front + "'s size is undecided, so the working set may not have left it"))
        return *held;
    return latency;
}

}  // namespace

void measureLatency(RunContext& ctx, const CacheTarget& target) {
    const std::string title = target.title + " Latency";
    const Attribute* size = decided(ctx, target.element, attr::size);
    const Attribute* bound = ctx.topology().find(target.element, attr::size);
    if (!size && !(bound && bound->value > 0)) {
        ctx.report(target.element, undecided(attr::latency, "size unknown"));
        return;
    }
    const double cacheBytes = size ? size->value : bound->value;
    const std::uint32_t stride = hitStride(ctx, target);
    ctx.beginStep(title, "warm chase");
    SweepRunner runner(ctx, seriesId(target, "latency"), title, SeriesKind::Latency, target.element);
    const auto samples = timedChase(ctx, target, runner, hitArrayBytes(ctx, target, cacheBytes, stride), stride, 2);
    runner.finish();

    const Attribute latency = latencyAttribute(attr::latency, samples, runner.sorted().id);
    ctx.report(target.element, behindFrontCache(ctx, target, latency, passAboveBytes(ctx, target, stride) > 0));
}

// Mean latency of a chase twice the size (every load misses here, hits the next level) minus the hit latency.
void measureMissPenalty(RunContext& ctx, const CacheTarget& target) {
    const Attribute* size = decided(ctx, target.element, attr::size);
    const Attribute* hit = decided(ctx, target.element, attr::latency);
    if (!size || !hit) {
        ctx.report(target.element, undecided(attr::missPenalty, "size or latency unknown"));
        return;
    }
    const std::uint32_t stride = hitStride(ctx, target);
    const std::uint64_t arrayBytes = alignDown(static_cast<std::uint64_t>(2 * size->value), stride);
    if (arrayBytes > chaserLimit(ctx, target) && target.space != Space::Constant) {
        ctx.report(target.element, undecided(attr::missPenalty, "twice the size exceeds what one chaser can walk in this space"));
        return;
    }
    const std::string title = target.title + " Miss Penalty";
    ctx.beginStep(title, "chase over twice the size");
    SweepRunner runner(ctx, seriesId(target, "miss_penalty"), title, SeriesKind::Latency, target.element);
    const auto samples = timedChase(ctx, target, runner, arrayBytes, stride, 1, true);
    runner.finish();

    Attribute a;
    a.name = attr::missPenalty;
    a.value = median(samples) - hit->value;
    a.method = "p-chase";
    a.confidence = showsMisses(hitReference(ctx.series(seriesId(target, "latency")).rows.front().latencies), samples)
                       ? 1.0 : 0.0;
    a.reason = a.confidence > 0 ? "median latency at 2x the size minus the median hit latency"
                                : "the chase at 2x the size did not miss: no penalty measurable";
    a.evidence = runner.sorted().id;
    ctx.report(target.element, a);
}

}  // namespace ts
