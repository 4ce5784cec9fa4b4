// Replacement-policy class from which line one set gives up (docs/methods.md, "Replacement policy").
#include "analysis/assoc.hpp"
#include "bench/assoc_benchmarks.hpp"
#include "bench/attributes.hpp"
#include "bench/cache_benchmarks.hpp"
#include "bench/cache_common.hpp"
#include "bench/sequence_probe.hpp"

namespace ts {
namespace {

constexpr int kRepetitions = 8;
constexpr std::uint32_t kMaxProbedWays = 32;

// Lines 0..W-1 of one set, line 0 again, a new line W, then probe line `probe`: did it go?
bool probeEvicted(RunContext& ctx, const CacheTarget& t, std::uint32_t ways, std::uint64_t setStride, std::uint32_t probe,
                  double threshold, const std::string& series) {
    SequenceChase r;
    r.space = t.space;
    r.offsets = stridedLines(ways, setStride, 1);
    r.offsets.push_back(0);
    r.offsets.push_back(std::uint64_t{ways} * setStride);
    r.offsets.push_back(std::uint64_t{probe} * setStride);
    const ChaseResult result = ctx.chaseSequence(r);
    const auto& l = result.latencies;
    ctx.appendRows(series, {SeriesRow{static_cast<double>(probe), 0, "probe line " + std::to_string(probe), 0, l}});
    return l.back() > threshold;
}

}  // namespace

void measureReplacementPolicy(RunContext& ctx, const CacheTarget& target) {
    const Attribute* ways = decided(ctx, target.element, "ways");
    const Attribute* sets = decided(ctx, target.element, "sets");
    const Attribute* line = decided(ctx, target.element, "lineSize");
    const Attribute* index = decided(ctx, target.element, "indexFunction");
    const bool modulo = index && !index->names.empty() && index->names.front() == "modulo";
    if (!ways || !sets || !line || !modulo || ways->value < 2 || ways->value > kMaxProbedWays) {
        ctx.report(target.element, undecided("replacementPolicy", "",
                                             "needs modulo set indexing with 2.." + std::to_string(kMaxProbedWays) +
                                                 " decided ways (one set must be addressable by a stride)"));
        return;
    }
    const auto w = static_cast<std::uint32_t>(ways->value);
    const auto setStride = static_cast<std::uint64_t>(sets->value * line->value);
    const std::string id = seriesId(target, "replacement_policy");
    ctx.beginStep(target.title + " Replacement Policy", "victim probes");
    ctx.openSeries(id, target.title + " Replacement Policy", SeriesKind::Sharing, target.element);
    std::vector<std::vector<bool>> evicted(w);
    try {
        const double threshold = capacityMissThreshold(ctx, target.space, static_cast<std::uint64_t>(sets->value * line->value * w),
                                                       static_cast<std::uint64_t>(line->value), id);
        for (std::uint32_t probe = 0; probe < w; ++probe)
            for (int rep = 0; rep < kRepetitions; ++rep)
                evicted[probe].push_back(probeEvicted(ctx, target, w, setStride, probe, threshold, id));
    } catch (const BackendError& e) {
        if (e.deviceLost()) throw;
        ctx.report(target.element, undecided("replacementPolicy", "", std::string("sequence chase: ") + e.what()));
        return;
    }
    const PolicyDecision p = decidePolicy(evicted, w);
    const double code = p.policy == "lru" ? 1 : p.policy == "plru" ? 2 : p.policy == "random" ? 3 : p.policy == "fifo" ? 4 : 5;
    Attribute a = attributeFrom(Decision{!p.policy.empty() && p.confidence > 0, code, p.confidence, "victim-probe", p.reason,
                                         false, false},
                                "replacementPolicy", id);
    a.unit = "";
    if (!p.policy.empty()) a.names = {p.policy};
    ctx.report(target.element, a);
}

}  // namespace ts
