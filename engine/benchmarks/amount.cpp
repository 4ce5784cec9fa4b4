#include <algorithm>
#include <string>

#include "benchmarks/cache_benchmarks.hpp"
#include "benchmarks/cache_common.hpp"
#include "analysis/miss_rule.hpp"
#include "benchmarks/retime.hpp"
#include "benchmarks/unit_benchmarks.hpp"
#include "model/attribute_names.hpp"

namespace ts {

// Warp 0 fills A (3/4 of the cache), warp w fills B (kEvictingFill) on the same unit,
// warp 0 re-times A. A survives only if w is served by another copy. With W warps and
// the warps that evict A forming a class of g, the unit has W / g copies.
void measureAmount(RunContext& ctx, const CacheTarget& target) {
    const std::string title = target.title + " Amount";
    const Attribute* size = decided(ctx, target.element, attr::size);
    if (!size) {
        ctx.report(target.element, undecided(attr::amountPerUnit, "size unknown"));
        return;
    }
    const std::uint32_t stride = fillStride(ctx, target);
    const std::uint64_t half = alignDown(static_cast<std::uint64_t>(0.75 * size->value), stride);
    const std::uint64_t fillB = evictingFillBytes(ctx, target, size->value, stride);
    const int warps = std::clamp(ctx.device().maxThreadsPerUnit / std::max(1, ctx.device().warpSize), 1, 8);
    if (warps < 2 || half < stride) {
        ctx.report(target.element, undecided(attr::amountPerUnit, "fewer than two warps per unit"));
        return;
    }
    ctx.beginStep(title, "fill A on warp 0, fill B on warps 1 to " + std::to_string(warps - 1));
    ctx.openSeries(seriesId(target, "amount"), title, SeriesKind::Amount, target.element);
    const auto control = retimeAfter(ctx, target.space, half, stride, 0, std::nullopt);
    const HitReference reference = hitReference(control);
    // Positive control: B filled by warp 0 itself must evict A, or this space does not evict
    // older lines (a streaming policy) and copies cannot be counted this way.
    auto sameWarp = retimeAfter(ctx, target.space, half, stride, 0,
                                SecondChaser{target.space, fillB, stride, 1, Placement::SameThread, 0, -1, false});
    const bool evictionWorks = showsMisses(reference, sameWarp);
    std::vector<SeriesRow> rows{SeriesRow{0, 0, "control", 0, control},
                                SeriesRow{0, 1, "warp 0 itself", evictionWorks ? 1.0 : 0.0, std::move(sameWarp)}};
    if (!evictionWorks) {
        ctx.appendRows(seriesId(target, "amount"), std::move(rows));
        Attribute a = undecided(attr::amountPerUnit, "filling B on warp 0 itself does not evict A in this space (a policy that keeps "
                                "older lines): copies cannot be counted by eviction");
        a.method = "fill-evict-retime";
        a.evidence = seriesId(target, "amount");
        ctx.report(target.element, a);
        return;
    }
    int evicting = 1;  // warp 0 itself
    std::vector<bool> evicts(static_cast<std::size_t>(warps), false);
    evicts[0] = true;
    for (int w = 1; w < warps; ++w) {
        SecondChaser b{target.space, fillB, stride, 1, Placement::OtherWarp, w, -1, false};
        auto retimed = retimeAfter(ctx, target.space, half, stride, 0, b);
        evicts[static_cast<std::size_t>(w)] = showsMisses(reference, retimed);
        evicting += evicts[static_cast<std::size_t>(w)] ? 1 : 0;
        rows.push_back(SeriesRow{static_cast<double>(w), 0, "warp " + std::to_string(w), 0, std::move(retimed)});
    }
    ctx.appendRows(seriesId(target, "amount"), std::move(rows));

    Attribute a;
    a.name = attr::amountPerUnit;
    a.method = "fill-evict-retime";
    a.evidence = seriesId(target, "amount");
    const int copies = warps % evicting == 0 ? warps / evicting : 0;
    bool periodic = copies > 0;
    for (int w = 0; w < warps && periodic; ++w) periodic = evicts[static_cast<std::size_t>(w)] == (w % copies == 0);
    a.value = copies;
    a.confidence = periodic ? 1.0 : 0.0;
    a.reason = periodic ? std::to_string(evicting) + " of " + std::to_string(warps) +
                              " warps evict warp 0's data"
                        : "warps evicting warp 0's data form no regular pattern";
    ctx.report(target.element, a);
}

}  // namespace ts
