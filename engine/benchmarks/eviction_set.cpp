#include "benchmarks/eviction_set.hpp"

#include <iterator>

#include "backend/eviction_test.hpp"

namespace ts {
namespace {

// A pool of `count` lines scattered over 16x the capacity (rounded up to a power of two).
ScatteredPool scatteredPool(std::uint64_t count, std::uint64_t lines, std::uint64_t seed) {
    std::uint32_t bits = 1;
    while ((1ull << bits) < 16 * lines) ++bits;
    return ScatteredPool{seed, bits, count};
}

// Does loading `chosen` and then the pool's first `prefix` lines twice evict line 0, loaded just
// before them?
bool evictsOnce(RunContext& ctx, const ConflictSearch& s, const std::vector<std::uint64_t>& chosen,
                const ScatteredPool& pool, std::uint64_t prefix) {
    const EvictionTest test{s.space, s.lineBytes, pool, prefix, chosen, s.refresh, s.passes};
    return ctx.evictionTest(test) > s.threshold;
}

// A miss is asked twice: one delayed load would send the search down a wrong half for good. With
// many walks (random replacement) a set's W lines may leave the target by chance, never a delayed
// load alone: two of three tests decide.
bool evicts(RunContext& ctx, const ConflictSearch& s, const std::vector<std::uint64_t>& chosen,
            const ScatteredPool& pool, std::uint64_t prefix) {
    if (s.passes <= 2) return evictsOnce(ctx, s, chosen, pool, prefix) && evictsOnce(ctx, s, chosen, pool, prefix);
    int votes = evictsOnce(ctx, s, chosen, pool, prefix) + evictsOnce(ctx, s, chosen, pool, prefix);
    if (votes == 1) votes += evictsOnce(ctx, s, chosen, pool, prefix);
    return votes >= 2;
}

// Evidence of the search: x = pool size or the round's line offset, x2 = pool factor or prefix.
void note(RunContext& ctx, const ConflictSearch& s, const char* label, double x, double x2) {
    if (!s.series.empty()) ctx.appendRows(s.series, {SeriesRow{x, x2, label, 0, {}}});
}

constexpr int kCountBoundRounds = 4;
constexpr std::uint64_t kMostManyPassLines = 1u << 15;

// One search over the pool `seed` picks.
std::optional<std::vector<std::uint64_t>> searchWithPool(RunContext& ctx, const ConflictSearch& s, std::uint64_t seed) {
    ScatteredPool pool;
    for (std::uint64_t factor = 1; factor <= 4 && pool.count == 0; factor *= 2) {
        pool = scatteredPool(factor * s.lines, s.lines, seed);
        const bool evicted = evicts(ctx, s, {}, pool, pool.count);
        note(ctx, s, evicted ? "eviction-pool" : "eviction-pool-fits", static_cast<double>(pool.count), static_cast<double>(factor));
        if (!evicted) pool.count = 0;
    }
    if (pool.count == 0) return std::nullopt;
    // Each round: the shortest pool prefix that, after the lines found so far, still evicts the
    // target ends in one more line of its set. Stop once the found lines evict it alone.
    std::vector<std::uint64_t> found;
    std::uint64_t upper = pool.count;
    int countBound = 0;
    while (!evicts(ctx, s, found, pool, 0)) {
        if (found.size() >= s.maxWays || upper == 0) {
            note(ctx, s, found.size() >= s.maxWays ? "eviction-too-many-ways" : "eviction-pool-exhausted",
                 static_cast<double>(found.size()), static_cast<double>(upper));
            return std::nullopt;
        }
        std::uint64_t lo = 0, hi = upper;  // prefix lo does not evict, hi does
        while (hi - lo > 1) {
            const std::uint64_t mid = (lo + hi) / 2;
            (evicts(ctx, s, found, pool, mid) ? hi : lo) = mid;
        }
        // A set's next line sits right below the last one about once in `sets` rounds; round
        // after round means the target went because of how many lines came, not which.
        countBound = hi == upper ? countBound + 1 : 0;
        if (countBound == kCountBoundRounds) {
            note(ctx, s, "eviction-count-bound", static_cast<double>(found.size()), static_cast<double>(hi));
            return std::nullopt;
        }
        const std::uint64_t line = scatteredPoolLine(pool.seed, pool.bits, hi - 1) * s.lineBytes;
        found.push_back(line);
        note(ctx, s, "eviction-round", static_cast<double>(line), static_cast<double>(hi));
        upper = hi - 1;
    }
    found = neededLines(ctx, s, std::move(found));
    found.insert(found.begin(), 0);
    return found;
}

}  // namespace

// Near the capacity a long prefix can evict the target by its sheer size (an H200's L2 did, at
// about 1.2x its size), and a round then takes a line of another set. A line whose removal
// still leaves the others evicting the target on their own is not of its set: dropped.
std::vector<std::uint64_t> neededLines(RunContext& ctx, const ConflictSearch& s, std::vector<std::uint64_t> lines) {
    const ScatteredPool none{};
    for (std::size_t j = lines.size(); j-- > 0 && lines.size() > 1;) {
        std::vector<std::uint64_t> without(lines);
        without.erase(without.begin() + static_cast<long>(j));
        if (!evicts(ctx, s, without, none, 0)) continue;
        note(ctx, s, "eviction-pruned", static_cast<double>(lines[j]), static_cast<double>(without.size()));
        lines = std::move(without);
    }
    return lines;
}

// A search that took a wrong line (one hit read as a miss in a bisection, on the H100 in about
// one full run of six) never evicts with its lines alone and runs to maxWays, and one whose
// pool fills the set only past the load count that evicts by itself (an H200's L2) gives up:
// up to two more searches over other pools, recorded as "eviction-retry".
//
// Under random replacement a full set gives up a random line, so a set's own W lines walked twice
// after the target evict it only now and then (one miss in W on the second walk) and the search
// takes lines of other sets. The last search then walks the lines kManyPasses times: W lines of
// the target's set leave a miss in every walk until the target goes (after 30 walks it stays
// once in 2000 for W = 8, once in 45 for W = 16, once in 6 for W = 32), one line fewer never
// evicts it. L1-sized caches only: an L2's pool walked 30 times took a minute a search on the
// simulator, and its random fill decides there.
std::optional<ConflictSet> findConflictSet(RunContext& ctx, const ConflictSearch& s) {
    constexpr std::uint64_t kSeeds[] = {0x2545f4914f6cdd1dull, 0x9e3779b97f4a7c15ull, 0xd1b54a32d192ed03ull};
    for (std::size_t attempt = 0; attempt < std::size(kSeeds); ++attempt) {
        if (attempt > 0) note(ctx, s, "eviction-retry", static_cast<double>(attempt), 0);
        if (auto found = searchWithPool(ctx, s, kSeeds[attempt])) return ConflictSet{std::move(*found), s.passes};
    }
    if (s.passes >= kManyPasses || s.lines > kMostManyPassLines) return std::nullopt;
    ConflictSearch many = s;
    many.passes = kManyPasses;
    note(ctx, s, "eviction-many-passes", static_cast<double>(kManyPasses), 0);
    try {
        if (auto found = searchWithPool(ctx, many, kSeeds[0])) return ConflictSet{std::move(*found), many.passes};
    } catch (const BackendError& e) {  // a backend whose test is a chain (HIP: 8 visits a line) cannot walk so often
        if (e.deviceLost()) throw;
        note(ctx, s, "eviction-many-passes-refused", static_cast<double>(kManyPasses), 0);
    }
    return std::nullopt;
}

}  // namespace ts
