// Replacement-policy class from which line one set gives up (docs/methods.md, "Replacement policy").
#include "analysis/assoc.hpp"
#include "benchmarks/assoc_benchmarks.hpp"
#include "benchmarks/attributes.hpp"
#include "benchmarks/cache_benchmarks.hpp"
#include "benchmarks/cache_common.hpp"
#include "benchmarks/sequence_probe.hpp"
#include "model/attribute_names.hpp"

namespace ts {
namespace {

constexpr int kRepetitions = 8;
constexpr std::uint32_t kMaxProbedWays = 32;

// Lines 0..W-1 of one set, line 0 again, a new line W, then probe line `probe`: did it go?
bool probeEvicted(RunContext& ctx, const CacheTarget& t, const std::vector<std::uint64_t>& set, std::uint32_t probe,
                  double threshold, const std::string& series) {
    const auto ways = static_cast<std::uint32_t>(set.size() - 1);
    SequenceChase r;
    r.space = t.space;
    r.offsets.assign(set.begin(), set.end() - 1);
    r.offsets.push_back(set[0]);
    r.offsets.push_back(set[ways]);
    r.offsets.push_back(set[probe]);
    const ChaseResult result = ctx.chaseSequence(r);
    const auto& l = result.latencies;
    ctx.appendRows(series, {SeriesRow{static_cast<double>(probe), 0, "probe line " + std::to_string(probe), 0, l}});
    return l.back() > threshold;
}

// The W + 1 lines of one set the associativity benchmark left in its evidence.
std::vector<std::uint64_t> conflictSet(RunContext& ctx, const CacheTarget& t) {
    std::vector<std::uint64_t> set;
    const Series* s = ctx.topology().findSeries(seriesId(t, "associativity"));
    if (!s) return set;
    for (const SeriesRow& row : s->rows)
        if (row.label == "conflict-line") set.push_back(static_cast<std::uint64_t>(row.x));
    return set;
}

}  // namespace

void measureReplacementPolicy(RunContext& ctx, const CacheTarget& target) {
    const Attribute* ways = decided(ctx, target.element, attr::ways);
    const Attribute* size = decided(ctx, target.element, attr::size);
    const Attribute* line = decided(ctx, target.element, attr::lineSize);
    const std::vector<std::uint64_t> set = conflictSet(ctx, target);
    if (!ways || !size || !line || set.size() != static_cast<std::size_t>(ways->value) + 1 || ways->value < 2 ||
        ways->value > kMaxProbedWays) {
        ctx.report(target.element, undecided(attr::replacementPolicy, "",
                                             "needs 2.." + std::to_string(kMaxProbedWays) +
                                                 " decided ways and the lines of one set (none for a fully associative cache)"));
        return;
    }
    noteIfDisturbed(ctx, target.element, ways);  // the set's lines come from the associativity's search
    noteIfDisturbed(ctx, target.element, line);
    const auto w = static_cast<std::uint32_t>(ways->value);
    const std::string id = seriesId(target, "replacement_policy");
    ctx.beginStep(target.title + " Replacement Policy", "victim probes");
    ctx.openSeries(id, target.title + " Replacement Policy", SeriesKind::Sharing, target.element);
    std::vector<std::vector<bool>> evicted(w);
    try {
        const double threshold = capacityMissThreshold(ctx, target.space, static_cast<std::uint64_t>(size->value),
                                                       static_cast<std::uint64_t>(line->value), id);
        for (std::uint32_t probe = 0; probe < w; ++probe)
            for (int rep = 0; rep < kRepetitions; ++rep)
                evicted[probe].push_back(probeEvicted(ctx, target, set, probe, threshold, id));
    } catch (const BackendError& e) {
        if (e.deviceLost()) throw;
        ctx.report(target.element, undecided(attr::replacementPolicy, "", std::string("sequence chase: ") + e.what()));
        return;
    }
    const PolicyDecision p = decidePolicy(evicted, w);
    const double code = p.policy == "lru" ? 1 : p.policy == "plru" ? 2 : p.policy == "random" ? 3 : p.policy == "fifo" ? 4 : 5;
    Attribute a = attributeFrom(Decision{!p.policy.empty() && p.confidence > 0, code, p.confidence, "victim-probe", p.reason,
                                         false, false},
                                attr::replacementPolicy, id);
    a.unit = "";
    if (!p.policy.empty()) a.names = {p.policy};
    ctx.report(target.element, a);
}

}  // namespace ts
