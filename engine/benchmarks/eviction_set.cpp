#include "benchmarks/eviction_set.hpp"

#include <iterator>

#include "backend/sequence_chase.hpp"

namespace ts {
namespace {

// Pool lines scattered over 16x the capacity, none of them the target (line 0); `seed` picks them.
std::vector<std::uint64_t> scatteredPool(std::uint64_t count, std::uint64_t lines, std::uint64_t lineBytes,
                                         std::uint64_t seed) {
    std::vector<std::uint64_t> pool;
    std::vector<bool> used(lines * 16, false);
    used[0] = true;
    std::uint64_t state = seed;
    while (pool.size() < count) {
        state = state * 6364136223846793005ull + 1442695040888963407ull;
        const std::uint64_t pick = (state >> 19) % used.size();
        if (!used[pick]) used[pick] = true, pool.push_back(pick * lineBytes);
    }
    return pool;
}

// Does loading `chosen` and then pool[0..prefix) twice evict line 0, loaded just before them?
bool evictsOnce(RunContext& ctx, const ConflictSearch& s, const std::vector<std::uint64_t>& chosen,
            const std::vector<std::uint64_t>& pool, std::size_t prefix) {
    SequenceChase r;
    r.space = s.space;
    r.offsets = {0};
    for (int pass = 0; pass < 2; ++pass) {
        r.offsets.insert(r.offsets.end(), chosen.begin(), chosen.end());
        r.offsets.insert(r.offsets.end(), pool.begin(), pool.begin() + static_cast<long>(prefix));
    }
    r.offsets.push_back(0);
    r.timedFrom = static_cast<std::uint32_t>(r.offsets.size() - 1);
    const ChaseResult res = ctx.chaseSequence(r);
    return !res.latencies.empty() && res.latencies.back() > s.threshold;
}

// A miss is asked twice: one delayed load would send the search down a wrong half for good.
bool evicts(RunContext& ctx, const ConflictSearch& s, const std::vector<std::uint64_t>& chosen,
            const std::vector<std::uint64_t>& pool, std::size_t prefix) {
    return evictsOnce(ctx, s, chosen, pool, prefix) && evictsOnce(ctx, s, chosen, pool, prefix);
}

// Evidence of the search: x = pool size or the round's line offset, x2 = pool factor or prefix.
void note(RunContext& ctx, const ConflictSearch& s, const char* label, double x, double x2) {
    if (!s.series.empty()) ctx.appendRows(s.series, {SeriesRow{x, x2, label, 0, {}}});
}

// One search over the pool `seed` picks.
std::optional<std::vector<std::uint64_t>> searchWithPool(RunContext& ctx, const ConflictSearch& s, std::uint64_t seed) {
    std::vector<std::uint64_t> pool;
    for (std::uint64_t factor = 1; factor <= 4 && pool.empty(); factor *= 2) {
        pool = scatteredPool(factor * s.lines, s.lines, s.lineBytes, seed);
        const bool evicted = evicts(ctx, s, {}, pool, pool.size());
        note(ctx, s, evicted ? "eviction-pool" : "eviction-pool-fits", static_cast<double>(pool.size()), static_cast<double>(factor));
        if (!evicted) pool.clear();
    }
    if (pool.empty()) return std::nullopt;
    // Each round: the shortest pool prefix that, after the lines found so far, still evicts the
    // target ends in one more line of its set. Stop once the found lines evict it alone.
    std::vector<std::uint64_t> found;
    std::size_t upper = pool.size();
    while (!evicts(ctx, s, found, pool, 0)) {
        if (found.size() >= s.maxWays || upper == 0) {
            note(ctx, s, found.size() >= s.maxWays ? "eviction-too-many-ways" : "eviction-pool-exhausted",
                 static_cast<double>(found.size()), static_cast<double>(upper));
            return std::nullopt;
        }
        std::size_t lo = 0, hi = upper;  // prefix lo does not evict, hi does
        while (hi - lo > 1) {
            const std::size_t mid = (lo + hi) / 2;
            (evicts(ctx, s, found, pool, mid) ? hi : lo) = mid;
        }
        found.push_back(pool[hi - 1]);
        note(ctx, s, "eviction-round", static_cast<double>(pool[hi - 1]), static_cast<double>(hi));
        upper = hi - 1;
    }
    found.insert(found.begin(), 0);
    return found;
}

}  // namespace

// A search that took a wrong line (one hit read as a miss in a bisection, on the H100 in about
// one full run of six) never evicts with its lines alone and runs to maxWays: one more search
// over another pool, recorded as "eviction-retry".
std::optional<std::vector<std::uint64_t>> findConflictSet(RunContext& ctx, const ConflictSearch& s) {
    constexpr std::uint64_t kSeeds[] = {0x2545f4914f6cdd1dull, 0x9e3779b97f4a7c15ull};
    for (std::size_t attempt = 0; attempt < std::size(kSeeds); ++attempt) {
        if (attempt > 0) note(ctx, s, "eviction-retry", static_cast<double>(attempt), 0);
        if (auto found = searchWithPool(ctx, s, kSeeds[attempt])) return found;
    }
    return std::nullopt;
}

}  // namespace ts
