// Replacement-policy class from which line one set gives up (docs/methods.md, "Replacement policy").
#include <algorithm>

#include "analysis/assoc.hpp"
#include "analysis/random_fill.hpp"
#include "benchmarks/assoc_benchmarks.hpp"
#include "benchmarks/cache_capacity.hpp"
#include "benchmarks/attributes.hpp"
#include "benchmarks/cache_benchmarks.hpp"
#include "benchmarks/cache_common.hpp"
#include "benchmarks/random_fill.hpp"
#include "benchmarks/sequence_probe.hpp"
#include "model/attribute_names.hpp"

namespace ts {
namespace {

constexpr int kRepetitions = 8;
constexpr std::uint32_t kMaxProbedWays = 32;
// A fully associative cache is walked whole for each probe: a few probes, three times each, and
// caches up to 2^18 lines (the simulated H100's L2 segment: 204800).
constexpr int kFullyAssociativeRepetitions = 3;
constexpr double kMaxFullyAssociativeWays = 1 << 18;

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

void reportPolicy(RunContext& ctx, const CacheTarget& target, const PolicyDecision& p, const std::string& id,
                  const std::string& method = "victim-probe") {
    const double code = p.policy == "lru" ? 1 : p.policy == "plru" ? 2 : p.policy == "random" ? 3 : p.policy == "fifo" ? 4 : 5;
    Attribute a = attributeFrom(Decision{!p.policy.empty() && p.confidence > 0, code, p.confidence, method, p.reason,
                                         false, false},
                                attr::replacementPolicy, id);
    if (!p.policy.empty()) a.names = {p.policy};
    ctx.report(target.element, a);
    if (a.confidence > 0.5) holdKneeForPolicy(ctx, target.element, p.policy);
}

// The W + 1 lines of one set the associativity benchmark left in its evidence: the last it
// recorded (where the set index saw other lines than the line-size benchmark, the set structure
// is probed again in the index's lines and records that set after the first).
std::vector<std::uint64_t> conflictSet(RunContext& ctx, const CacheTarget& t) {
    std::vector<std::uint64_t> set;
    const Series* s = ctx.topology().findSeries(seriesId(t, "associativity"));
    if (!s) return set;
    bool inSet = false;
    for (const SeriesRow& row : s->rows) {
        const bool line = row.label == "conflict-line";
        if (line && !inSet) set.clear();
        if (line) set.push_back(static_cast<std::uint64_t>(row.x));
        inSet = line;
    }
    return set;
}

// Probed lines of a fully associative cache of `ways` lines: those LRU, FIFO and a pseudo-LRU
// tree would give up after the probe sequence, and a few others that none of them would.
std::vector<std::uint32_t> fullyAssociativeProbes(std::uint32_t ways) {
    std::vector<int> order;
    for (std::uint32_t w = 0; w < ways; ++w) order.push_back(static_cast<int>(w));
    order.push_back(0);
    std::vector<std::uint32_t> probes{0, 1, 2, ways / 2, ways - 1};
    if (const int tree = treePlruVictim(ways, order); tree >= 0) probes.push_back(static_cast<std::uint32_t>(tree));
    std::sort(probes.begin(), probes.end());
    probes.erase(std::unique(probes.begin(), probes.end()), probes.end());
    return probes;
}

// A fully associative cache (one set of all its lines): the same probe sequence over consecutive
// lines, a few lines probed instead of every one.
void measureFullyAssociativePolicy(RunContext& ctx, const CacheTarget& target, std::uint32_t ways, std::uint64_t size,
                                   std::uint64_t line) {
    const std::vector<std::uint64_t> set = stridedLines(std::uint64_t{ways} + 1, line, 1);
    const std::vector<std::uint32_t> probes = fullyAssociativeProbes(ways);
    const std::string id = seriesId(target, "replacement_policy");
    ctx.beginStep(target.title + " Replacement Policy", "victim probes (fully associative)");
    ctx.openSeries(id, target.title + " Replacement Policy", SeriesKind::Sharing, target.element);
    std::vector<std::vector<bool>> evicted(probes.size());
    try {
        const double threshold = capacityMissThreshold(ctx, target.space, size, line, id);
        for (std::size_t k = 0; k < probes.size(); ++k)
            for (int rep = 0; rep < kFullyAssociativeRepetitions; ++rep)
                evicted[k].push_back(probeEvicted(ctx, target, set, probes[k], threshold, id));
    } catch (const BackendError& e) {
        if (e.deviceLost()) throw;
        ctx.report(target.element, undecided(attr::replacementPolicy, std::string("sequence chase: ") + e.what()));
        return;
    } catch (const NoCapacityMiss& e) {
        ctx.report(target.element, undecided(attr::replacementPolicy, e.what()));
        return;
    }
    reportPolicy(ctx, target, decideFullyAssociativePolicy(probes, evicted, ways), id);
}

}  // namespace

void measureReplacementPolicy(RunContext& ctx, const CacheTarget& target) {
    if (setStructureMeasuredAs(ctx.topology(), target.element)) return;
    const Attribute* ways = decided(ctx, target.element, attr::ways);
    const Attribute* size = decided(ctx, target.element, attr::size);
    const Attribute* line = decided(ctx, target.element, attr::lineSize);
    const Attribute* sets = decided(ctx, target.element, attr::sets);
    // A fully associative cache of few lines is probed line by line like one set (its lines are
    // consecutive): random replacement sends a probed line away once in W, and a few probes of
    // three repetitions each saw none go (of the slice's fully associative random Constant L1s,
    // none was decided).
    const bool fewLines = ways && ways->value <= kMaxProbedWays;
    if (ways && size && line && sets && sets->value == 1 && ways->value >= 2 && !fewLines) {
        noteIfDisturbed(ctx, target.element, ways);
        noteIfDisturbed(ctx, target.element, line);
        if (ways->value > kMaxFullyAssociativeWays) {
            ctx.report(target.element, undecided(attr::replacementPolicy, "fully associative with more than " + std::to_string(kMaxFullyAssociativeWays) +
                                                     " lines: too many to walk for each probe"));
            return;
        }
        measureFullyAssociativePolicy(ctx, target, static_cast<std::uint32_t>(ways->value), static_cast<std::uint64_t>(size->value),
                                      static_cast<std::uint64_t>(line->value));
        return;
    }
    if (ways && size && line && ways->method == "random-fill") {  // too large for a set's lines: the walks decided it
        noteIfDisturbed(ctx, target.element, ways);
        const std::string evidence = seriesId(target, "associativity");
        const Series* walks = ctx.topology().findSeries(evidence);
        const PolicyDecision policy = walks ? decideRandomFill(randomFillFromRows(*walks)).policy
                                            : PolicyDecision{"", 0, "the random-fill walks left no evidence"};
        reportPolicy(ctx, target, policy, evidence, "random-fill");
        return;
    }
    const std::vector<std::uint64_t> set = sets && sets->value == 1 && ways && line
                                               ? stridedLines(static_cast<std::uint64_t>(ways->value) + 1, static_cast<std::uint64_t>(line->value), 1)
                                               : conflictSet(ctx, target);
    if (!ways || !size || !line || set.size() != static_cast<std::size_t>(ways->value) + 1 || ways->value < 2 ||
        ways->value > kMaxProbedWays) {
        ctx.report(target.element, undecided(attr::replacementPolicy, "needs 2 to " + std::to_string(kMaxProbedWays) +
                                                 " decided ways and the lines of one set, or a fully associative cache"));
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
        ctx.report(target.element, undecided(attr::replacementPolicy, std::string("sequence chase: ") + e.what()));
        return;
    } catch (const NoCapacityMiss& e) {
        ctx.report(target.element, undecided(attr::replacementPolicy, e.what()));
        return;
    }
    reportPolicy(ctx, target, decidePolicy(evicted, w), id);
}

}  // namespace ts
