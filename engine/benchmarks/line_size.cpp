#include <algorithm>

#include "analysis/analysis.hpp"
#include "benchmarks/attributes.hpp"
#include "benchmarks/cache_benchmarks.hpp"
#include "benchmarks/cache_common.hpp"
#include "benchmarks/sweep_runner.hpp"
#include "model/attribute_names.hpp"

namespace ts {
namespace {

// A row costs little to repeat when its chase is short (the L2's rows over twice 50 MiB do not,
// unless a block warms them).
constexpr std::uint64_t kConfirmLoads = 1u << 16;

// Dependent loads of a row, counted as passes; a block warm-up has 8192 loads in flight, and its
// row's cost is then mostly the timed loads.
std::uint64_t loadsOf(const ChaseRequest& r) {
    const std::uint64_t pass = r.arrayBytes / std::max<std::uint32_t>(1, r.strideBytes);
    if (r.blockWarmup) return r.recordLoads + r.warmupPasses * pass / 8192;
    return pass * (1 + r.warmupPasses);
}

// The two rows that decide a line size L: the largest stride below 3 L (it must thrash) and the
// smallest from 3 L on (it must fit). Another context can evict our lines between two of our
// kernels without a gap in either; each kernel warms its own rows, so a row that gives the same
// answer twice, at different times, was not moved by that. Both are measured again and the
// decision repeated with them: a different answer marks the benchmark disturbed.
void confirmDecisiveRows(RunContext& ctx, const std::string& title, const std::vector<ChaseRequest>& requests,
                         const Series& series, const Decision& first, double cacheBytes, double fetchGranularity) {
    if (!first.decided || !ctx.guard()) return;  // nobody would hear of a disagreement
    const double boundary = 3 * first.value;
    std::vector<std::size_t> decisive;
    for (std::size_t i = 0; i < requests.size(); ++i) {
        const double stride = requests[i].strideBytes;
        const bool lastThrashing = stride < boundary && (i + 1 == requests.size() || requests[i + 1].strideBytes >= boundary);
        const bool firstFitting = stride >= boundary && (i == 0 || requests[i - 1].strideBytes < boundary);
        if ((lastThrashing || firstFitting) && loadsOf(requests[i]) <= kConfirmLoads) decisive.push_back(i);
    }
    if (decisive.empty()) return;
    Series repeated = series;
    for (std::size_t i : decisive) {
        const ChaseResult again = ctx.chase(requests[i]);
        for (auto& row : repeated.rows)
            if (row.x == requests[i].strideBytes) row.latencies = again.latencies;
    }
    const Decision second = decideLineSize(repeated, cacheBytes, fetchGranularity);
    if (second.value != first.value || second.decided != first.decided) ctx.noteDisagreement(title);
    else ctx.noteConfirmed();
}

}  // namespace

// An array of twice the capacity, walked with the fetch granularity G and then strides of
// 1.5 G x 2^k: a cache of C bytes in lines of L holds C/L lines, so the chase thrashes at every
// stride up to 1.5 L (it touches 2 C and 1.33 C) and fits from 3 L on (0.67 C). Twice the
// capacity keeps every row clear of the ramp of partial misses a non-LRU cache shows up to about
// 1.25 C (the H200's L1). Strides with the factor 3 spread the lines over all sets; power-of-two
// strides alias onto a few sets and thrash at any length (the H200's texture path does).
void measureLineSize(RunContext& ctx, const CacheTarget& target) {
    const std::string title = target.title + " Line Size";
    const Attribute* size = decided(ctx, target.element, attr::size);
    const Attribute* fg = usableFetchGranularity(ctx, target.element);
    // Rows at 2 C stay clear of a knee that a neighbour's lines moved by a few per cent.
    noteIfDisturbedBeyondOccupancy(ctx, target.element, size);
    noteIfDisturbed(ctx, target.element, fg);
    if (!size || !fg) {
        ctx.report(target.element, undecided(attr::lineSize, "size or fetch granularity unknown"));
        return;
    }
    std::uint32_t firstStride = static_cast<std::uint32_t>(fg->value);
    if (target.above)  // every load must touch a new sector of the cache in front
        if (const Attribute* aboveFg = ctx.topology().find(*target.above, attr::fetchGranularity))
            firstStride = std::max(firstStride, static_cast<std::uint32_t>(aboveFg->value));
    // 2 C, rounded so that every stride up to the largest one (at least 8 loads) divides it.
    const auto target2c = static_cast<std::uint64_t>(2 * size->value);
    std::vector<std::uint32_t> strides{firstStride};
    std::uint32_t next = (3 * firstStride) % 8 == 0 ? 3 * firstStride / 2 : 3 * firstStride;  // multiples of 4
    for (; next <= 6144 && target2c / next >= 8; next *= 2) strides.push_back(next);
    const std::uint64_t arrayBytes = alignDown(target2c, strides.back());
    std::uint64_t splitAbove = 0;
    if (arrayBytes > chaserLimit(ctx, target)) {
        if (target.space != Space::Constant) {
            ctx.report(target.element, undecided(attr::lineSize, "2x the size exceeds what one chaser can walk in this space"));
            return;
        }
        splitAbove = chaserLimit(ctx, target);
    }
    ctx.beginStep(title, "strides over 2x the size");
    std::vector<ChaseRequest> requests;
    std::vector<SeriesRow> rows;
    for (std::uint32_t stride : strides) {
        // The cache in front must not hold the walk (A/s lines beyond its C/L tags). Once three
        // strides are in, a margin of 2 too: a set-associative cache in front that could hold
        // most of the walk keeps a share of its lines, and those hits would pass for this level.
        const std::uint64_t above = passAboveBytes(ctx, target, stride);
        if (target.above && arrayBytes <= (requests.size() >= 3 ? above : above / 2)) break;
        ChaseRequest r = chaseOver(target.space, arrayBytes, stride, splitAbove);
        r.warmupPasses = 2;
        // The L2's rows (twice tens of MiB): the same two passes in the same address order, read
        // by a whole block (the size search's sampled rows; not on the HIP backend yet).
        r.blockWarmup = bypassesUnitCaches(target.space) && !target.above && !r.second &&
                        ctx.device().vendor == Vendor::Nvidia;
        r.recordLoads = static_cast<std::uint32_t>(std::min<std::uint64_t>(256, r.arrayBytes / stride));
        requests.push_back(r);
        rows.push_back(SeriesRow{static_cast<double>(stride), static_cast<double>(arrayBytes), {}, 0, {}});
    }
    SweepRunner runner(ctx, seriesId(target, "line_size"), title, SeriesKind::LineSize, target.element);
    runner.run(requests, false, rows);  // one unit: see measureSize
    runner.finish();

    const Decision d = decideLineSize(runner.sorted(), size->value, fg->value);
    confirmDecisiveRows(ctx, title, requests, runner.sorted(), d, size->value, fg->value);
    ctx.report(target.element, attributeFrom(d, attr::lineSize, runner.sorted().id));
}

}  // namespace ts
