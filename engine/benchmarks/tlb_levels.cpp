// TLB levels, their reach and the page size by page-stride walks of load pairs (docs/methods.md,
// "TLB levels").
#include <algorithm>
#include <cmath>
#include <deque>
#include <limits>
#include <map>
#include <optional>

#include "analysis/assoc.hpp"
#include "analysis/robust.hpp"
#include "benchmarks/assoc_benchmarks.hpp"
#include "benchmarks/attributes.hpp"
#include "benchmarks/cache_common.hpp"
#include "benchmarks/sequence_probe.hpp"
#include "model/attribute_names.hpp"

namespace ts {
namespace {

// The smallest page a walk tells (AMD and CPUs map 4 KiB pages; a walk at 4 KiB strides runs only
// where the one at 32 KiB found every group missing).
constexpr std::uint64_t kMinPage = 4ull << 10;
// Sweep strides: 2 MiB (the large page of current NVIDIA and AMD drivers) and, when no level
// shows there, 32 MiB: the H200 translates in 32 MiB units at its last level (2048 of them, a
// 64 GiB reach, docs/validation.md "TLB"), which a 2 MiB walk of at most kMaxPages cannot pass.
constexpr std::uint64_t kSweepStrides[] = {2ull << 20, 32ull << 20};
// Walks span at most 128 GiB. Where the backend maps one allocation again and again (CUDA), they
// take that allocation's memory whatever their span; elsewhere the run's limit (16 GiB unless
// asked, --tlb-walk-gib) and 90 % of the free memory bound them, and beside another process the
// driver lists 16 GiB, leaving it its memory. The plan runs them last: allocating and freeing
// most of the memory left the H100's buffers allocated after it streaming 16 % slower, and the
// next process gets other physical pages (its L2 knee moved by up to 5 % on the H200,
// docs/validation.md).
constexpr std::uint64_t kMaxSpan = 128ull << 30;
constexpr std::uint64_t kSharedSpan = 16ull << 30;
constexpr std::uint64_t kMaxPages = 32768;
constexpr std::uint64_t kMaxPageWalkLoads = 1u << 17;
constexpr const char* kSeries = "device_memory.tlb";

}  // namespace

// Line of page i: below the smallest page, rotated so that the lines spread over the cache sets,
// and, where the walk's memory repeats every `period` bytes, moved by 128 B for each repeat so
// that no two pages share a line in memory.
std::uint64_t tlbWalkLine(std::uint64_t i, std::uint64_t stride, std::uint64_t period) {
    const std::uint64_t at = i * stride;
    const std::uint64_t repeat = period > 0 ? at / period : 0;
    const std::uint64_t slot = period > 0 ? at % period / stride : i;
    return at + ((slot % 128) * 512 + repeat * 128) % stride;
}

namespace {

// The other half of the same 128-byte line: the pair's second load, a visit line of its own.
constexpr std::uint64_t kAgain = 64;

struct WalkResult {
    PairStats stats;
    int ranOn = -1;       // physical unit of the main walk
    int otherRanOn = -1;  // of the other unit's walk (-1: none)
};

struct Walker {
    RunContext& ctx;
    Space space;
    std::uint64_t budget;   // bytes a walk may span
    std::uint64_t period;   // TranslationWalkSpace::period
    std::uint64_t maxLines; // lines that stay inside the L2 (one per 256 B of it)
    double threshold = 8;   // cycles a pair's first load must exceed its second by to count as a miss

    // n pages at `stride`, each as a pair; short walks repeat their timed pass (8 visits a line at
    // most: seven timed passes), except beside another unit, whose disturbance only the first timed
    // pass sees.
    std::uint64_t line(std::uint64_t i, std::uint64_t stride) const { return tlbWalkLine(i, stride, period); }
    std::vector<std::uint64_t> pairs(std::uint64_t n, std::uint64_t stride, int passes) const {
        std::vector<std::uint64_t> out;
        for (int p = 0; p < passes; ++p)
            for (std::uint64_t i = 0; i < n; ++i) out.push_back(line(i, stride)), out.push_back(line(i, stride) + kAgain);
        return out;
    }
    PairStats walk(std::uint64_t n, std::uint64_t stride, const std::string& label) { return walkBeside(n, stride, label).stats; }
    // Pages whose pairs miss by more than `missAbove` cycles in most timed passes: a level's
    // misses repeat every pass, a delayed load does not. A short walk is chased three times over
    // (21 passes): on an H100 a hit's pair differs by up to 8 cycles either way, a miss of its first
    // level costs 10.
    std::uint64_t pagesMissing(std::uint64_t n, std::uint64_t stride, const std::string& label, double missAbove) {
        const bool shortWalk = n < 64;
        std::vector<std::vector<double>> diffs(n);
        for (int chaseCount = 0; chaseCount < (shortWalk ? 3 : 1); ++chaseCount) {
            const std::vector<std::uint32_t> lat = chase(n, stride, shortWalk ? 8 : 4, 0, -1).latencies;
            if (chaseCount == 0) record(lat, n, stride, label, 0);
            for (std::size_t k = 0; k + 1 < lat.size(); k += 2)
                diffs[k / 2 % n].push_back(static_cast<double>(lat[k]) - static_cast<double>(lat[k + 1]));
        }
        return static_cast<std::uint64_t>(std::count_if(diffs.begin(), diffs.end(), [&](const std::vector<double>& d) {
            return !d.empty() && median(d) > missAbove;
        }));
    }
    // The loads of a walk of n pages at `stride`, grouped by page index modulo `period`: how many
    // groups miss by more than `missAbove` cycles (their pairs' median over three timed passes). A
    // page of p strides makes one group in p miss, wherever the walk starts.
    std::uint64_t groupsMissing(std::uint64_t n, std::uint64_t stride, std::uint64_t period, const std::string& label,
                                double missAbove) {
        const std::vector<std::uint32_t> lat = chase(n, stride, 4, 0, -1).latencies;
        record(lat, n, stride, label, 0);
        std::vector<std::vector<double>> groups(period);
        for (std::size_t k = 0; k + 1 < lat.size(); k += 2)
            groups[k / 2 % n % period].push_back(static_cast<double>(lat[k]) - static_cast<double>(lat[k + 1]));
        return static_cast<std::uint64_t>(
            std::count_if(groups.begin(), groups.end(), [&](const std::vector<double>& g) { return !g.empty() && median(g) > missAbove; }));
    }
    ChaseResult chase(std::uint64_t n, std::uint64_t stride, int passes, std::uint64_t otherPages, int otherUnit) {
        SequenceChase r;
        r.space = space;
        r.translationWalk = true;
        r.offsets = pairs(n, stride, passes);
        r.timedFrom = static_cast<std::uint32_t>(2 * n);
        if (otherPages > 0) {
            r.otherUnit = otherUnit;
            for (std::uint64_t i = 0; i < otherPages; ++i) r.otherOffsets.push_back(line(n + 1 + i, stride));
        }
        return ctx.chaseSequence(r);
    }
    // The walk with `otherPages` pages walked by unit `otherUnit` between its passes.
    WalkResult walkBeside(std::uint64_t n, std::uint64_t stride, const std::string& label, std::uint64_t otherPages = 0,
                          int otherUnit = -1) {
        const ChaseResult res = chase(n, stride, n < 64 && otherPages == 0 ? 8 : 2, otherPages, otherUnit);
        record(res.latencies, n, stride, label, otherPages);
        return {pairStats(res.latencies, threshold), res.ranOnUnit, res.secondRanOnUnit};
    }
    // Evidence: the pairs' first loads, and their second loads in a row of their own.
    void record(const std::vector<std::uint32_t>& lat, std::uint64_t n, std::uint64_t stride, const std::string& label,
                std::uint64_t otherPages) {
        std::vector<std::uint32_t> first, again;
        for (std::size_t k = 0; k + 1 < lat.size() && first.size() < 256; k += 2) first.push_back(lat[k]), again.push_back(lat[k + 1]);
        const double x2 = otherPages > 0 ? static_cast<double>(otherPages * stride) : static_cast<double>(stride);
        ctx.appendRows(kSeries, {SeriesRow{static_cast<double>(n * stride), x2, label, 0, std::move(first)},
                                 SeriesRow{static_cast<double>(n * stride), x2, label + "-again", 0, std::move(again)}});
    }
    std::uint64_t pagesAt(std::uint64_t stride) const { return std::min({budget / stride, kMaxPages, maxLines}); }
};

std::vector<std::uint64_t> pageGrid(std::uint64_t maxPages) {
    std::vector<std::uint64_t> grid;
    for (std::uint64_t p = 1; p <= maxPages; p *= 2) {
        grid.push_back(p);
        if (p >= 2 && p * 3 / 2 <= maxPages) grid.push_back(p * 3 / 2);
    }
    if (grid.empty() || grid.back() != maxPages) grid.push_back(maxPages);
    std::sort(grid.begin(), grid.end());
    return grid;
}

// Most pages whose pairs' median still costs at most `limit`, between a fitting and a failing
// count: the count at which half the pairs miss.
std::uint64_t halfMissPages(Walker& w, std::uint64_t fits, std::uint64_t fails, std::uint64_t stride, double limit) {
    while (fails - fits > 1) {
        const std::uint64_t mid = (fits + fails) / 2;
        (w.walk(mid, stride, "refine").medianDelta <= limit ? fits : fails) = mid;
    }
    return fits;
}

// Past a level, each further page makes at least this many more pages of a walk miss: all of
// them for a fully associative LRU level, the pages of the set it overflows (ways + 1) for a
// set-associative one.
constexpr double kEdgeGrowth = 2.5;
// Below the level one page can add as many: the set that also holds a translation of the kernel's
// own (its results, its code) overflows early, at a page that depends on where the driver put
// them (an H200 once at 2042 of 2049), and a 10-cycle first level's pairs are noisy (an H200 once
// grew by 3 at 13 of 16 pages). Past the level every further page misses itself, and most also
// overflow a set of their own: the page and each of the next kEdgeRun pages must add a miss, and
// all but one of them grow by more than kEdgeGrowth (a page whose set the kernel's translation
// overflowed early adds only itself: an H200 read 2052 of 2049 pages when every one had to grow).
// A step that falls short is walked again: one walk's count can be off by a set (an H200 read
// 2051 once). Where most pages of the walk miss already, one growing page is enough (past a fully
// associative level all do, and one more page adds only itself).
constexpr std::uint64_t kEdgeRun = 2;
constexpr double kEdgeMostMiss = 0.75;
// Far past the level one noisy walk can hide the growth at its own page (an H200 whose last level
// misses for 153 cycles read 2101 of 2049 pages once, its walk at 2101 pages growing by no more than
// noise), yet hundreds more pages miss there than at the largest walk known to be below the edge.
// More than this many more is past the level whatever the step says: above the few sets the
// kernel's own translations overflow early (9 pages each on the H100 and H200).
constexpr double kEdgeAccumulated = 32;

struct ReachEdge {
    std::uint64_t entries = 0;
    bool found = false;  // a walk of entries + 1 pages was seen past the level
};

// A level's entries: the most pages before each further page adds misses, searched below `half`,
// the count at which half the pairs miss. A set-associative level starts to miss well before
// that: the H100's last level holds 2048 pages in sets of 8, a walk of 2050 pages misses 9 more
// than one of 2049, and the median crosses only at 2168 (docs/validation.md, "2026-11-26,
// session 12"). `floor`: the level in front.
ReachEdge levelEdge(Walker& w, std::uint64_t floor, std::uint64_t half, std::uint64_t stride, double limit) {
    std::map<std::uint64_t, double> misses, again;
    auto count = [&](std::map<std::uint64_t, double>& cache, std::uint64_t n, const char* label) {
        auto it = cache.find(n);
        if (it == cache.end()) it = cache.emplace(n, static_cast<double>(w.pagesMissing(n, stride, label, limit))).first;
        return it->second;
    };
    auto missesAt = [&](std::uint64_t n) { return count(misses, n, "edge"); };
    auto step = [&](std::uint64_t n) { return missesAt(n) - missesAt(n - 1); };
    // The same step from two fresh walks: a walk off by a set (noise) is not off again, where a
    // set the kernel's own translations overflowed early stays as it was.
    auto stepAgain = [&](std::uint64_t n) { return count(again, n, "edge-recheck") - count(again, n - 1, "edge-recheck"); };
    auto past = [&](std::uint64_t n) {
        const double first = step(n);
        // A step of a page or two is walked again: one delayed load too many in a walk of 2048
        // pages read as a miss and put a simulated 2048-entry level at 2047.
        if (first < 1 || (first <= kEdgeGrowth && stepAgain(n) < 1)) return false;
        if (missesAt(n) >= kEdgeMostMiss * static_cast<double>(n)) return first > kEdgeGrowth;
        std::uint64_t growing = first > kEdgeGrowth;
        for (std::uint64_t k = 1; k <= kEdgeRun; ++k) {
            // Most pages missing a page or two on: a fully associative level ends there, not at n
            // (an H200 read 15 of 16 first-level entries when a +1 step was enough here).
            if (missesAt(n + k) >= kEdgeMostMiss * static_cast<double>(n + k)) return false;
            double d = step(n + k);
            if (d <= kEdgeGrowth) d = std::max(d, stepAgain(n + k));
            if (d < 1) return false;
            growing += d > kEdgeGrowth;
        }
        return growing >= kEdgeRun;
    };
    std::uint64_t lo = std::max<std::uint64_t>(floor + 1, 2), hi = half + 1;
    auto wellPast = [&](std::uint64_t n) { return missesAt(n) - missesAt(lo) > kEdgeAccumulated; };
    bool found = false;
    while (hi - lo > 1) {
        const std::uint64_t mid = (lo + hi) / 2;
        if (past(mid)) hi = mid, found = true;
        else if (wellPast(mid)) hi = mid;  // the edge lies below; only a growing step finds it
        else lo = mid;
    }
    if (!found) found = past(hi);
    // The search's last "not past" rests on one walk, which may have shown a set too few: walked
    // again, a page below the edge still grows nothing. (Past a fully associative level most pages
    // miss at once, and a 10-cycle first level's noise is no set.)
    const std::uint64_t bottom = std::max<std::uint64_t>(floor + 1, 2);
    const bool fullyAssociative = found && missesAt(hi) >= kEdgeMostMiss * static_cast<double>(hi);
    while (found && !fullyAssociative && lo > bottom && stepAgain(lo) > kEdgeGrowth) --lo;
    return {found ? lo : half, found};
}

struct Sweep {
    std::uint64_t stride = 0;
    std::uint64_t pages = 0;          // largest walk
    std::vector<TlbStep> steps;
    std::vector<double> limits;       // per step: cycles above which a pair misses that level
    double countedUpTo = std::numeric_limits<double>::infinity();  // steps past this cost keep the grid's count
};

// Levels at one stride: the longest walk first (it sizes the array once, and a walk without a
// miss ends the sweep), then the grid, each rise of the pairs' median cost a level.
Sweep sweepAt(Walker& w, std::uint64_t stride, double minStep, double countUpToCost = std::numeric_limits<double>::infinity(),
              std::uint64_t mostPages = kMaxPages) {
    Sweep s{stride, std::min(w.pagesAt(stride), mostPages), {}, {}, countUpToCost};
    if (s.pages < 2) return s;
    const PairStats longest = w.walk(s.pages, stride, "pages");
    if (longest.medianDelta <= minStep) return s;
    const std::vector<std::uint64_t> grid = pageGrid(s.pages);
    std::vector<double> medians;
    for (std::size_t k = 0; k + 1 < grid.size(); ++k) medians.push_back(w.walk(grid[k], stride, "pages").medianDelta);
    medians.push_back(longest.medianDelta);
    s.steps = tlbSteps(grid, medians, minStep);
    double level = 0;
    std::uint64_t before = 0;
    for (TlbStep& step : s.steps) {
        const double limit = level + step.missCost / 2;
        const auto next = std::upper_bound(grid.begin(), grid.end(), step.entries);
        // Steps past those a caller asked for keep the grid's count: their edge searches would cost
        // walks of thousands of pages for nothing.
        if (next != grid.end() && level <= countUpToCost + 2 * minStep) {
            const std::uint64_t half = halfMissPages(w, step.entries, *next, stride, limit);
            // Without growth page by page up to there (a random policy, or another process's walks
            // beside it), the count where half the pairs miss stands, less sure.
            const ReachEdge edge = levelEdge(w, before, half, stride, limit);
            step.entries = edge.entries;
            step.edgeFound = edge.found;
        }
        s.limits.push_back(limit);
        level += step.missCost;
        before = step.entries;
    }
    return s;
}

// A level whose page is larger than the sweep's stride misses only at the first walk page of each
// of its pages, so the pairs' median never moves (random NVIDIA #1002: 256 entries of 16 MiB
// behind 16 of 2 MiB; at 2 MiB strides one pair in eight missed it). The longest walk's pairs,
// grouped by index modulo kPageGroups, show it: some groups miss beyond the levels found, not all.
// Its page is then about stride x groups / groups that miss, and a sweep at that stride (one walk
// page a page: no set of the level is skipped) finds it. 0: no such level seen.
constexpr std::uint64_t kPageGroups = 32;
std::uint64_t largerPageBeyond(Walker& w, const Sweep& s, double minStep) {
    if (s.steps.empty() || s.pages < 2 * kPageGroups) return 0;
    double total = 0;
    for (const TlbStep& step : s.steps) total += step.missCost;
    const std::uint64_t missing = w.groupsMissing(s.pages, s.stride, kPageGroups, "larger-page", total + minStep);
    if (missing == 0 || missing > kPageGroups / 2) return 0;  // none, or a level of the sweep's own pages
    const std::uint64_t page = pageFromMissFraction(s.stride, static_cast<double>(missing) / static_cast<double>(kPageGroups));
    return page > s.stride ? page : 0;
}

double costOf(const std::vector<TlbStep>& steps, std::size_t upTo) {
    double cost = 0;
    for (std::size_t k = 0; k < upTo && k < steps.size(); ++k) cost += steps[k].missCost;
    return cost;
}

// The step of `wider` (a sweep at a larger stride) after which its levels cost `cumulative`, the
// cost of some levels of another sweep up to one of them (within 2 x minStep). A level of smaller
// pages than the wider stride still misses there, though a set-associative one may show fewer
// entries and share a step with another (its pages fall in fewer sets): steps are matched by what
// they cost together, not by their count.
std::optional<std::size_t> stepCosting(const Sweep& wider, double cumulative, double minStep) {
    double cost = 0;
    for (std::size_t k = 0; k < wider.steps.size(); ++k) {
        cost += wider.steps[k].missCost;
        if (std::abs(cost - cumulative) <= 2 * minStep) return k;
        if (cost > cumulative + 2 * minStep) break;
    }
    return std::nullopt;
}

// A level of pages larger than its sweep's stride that the sweep saw (half its pairs or more miss
// it: a page of two strides; random AMD #1009 read 256 entries of 4 MiB as 512 of 2 MiB): past it
// the walk's pairs grouped by index modulo kPageGroups miss in some groups only, and its page is
// stride x groups / groups that miss. 0 where every group misses (the page is no larger).
std::uint64_t pageAboveStride(Walker& w, const Sweep& s, std::size_t k) {
    const std::uint64_t loads = std::min(std::max(2 * (s.steps[k].entries + 1), 4 * kPageGroups), s.pages);
    if (loads < 2 * kPageGroups) return 0;
    const std::uint64_t missing = w.groupsMissing(loads, s.stride, kPageGroups, "page-above-stride", s.limits[k]);
    if (missing == 0 || missing >= kPageGroups) return 0;
    const std::uint64_t page = pageFromMissFraction(s.stride, static_cast<double>(missing) / static_cast<double>(kPageGroups));
    return page > s.stride ? page : 0;
}

// Page size of level k: walks past it at strides below the sweep's, until some loads stay on a
// page of the load before. The loads are grouped by their index modulo sweep stride / stride:
// with a page of p strides one group in p misses the level (by its own threshold, so that misses
// of the levels in front do not count), so page = stride x groups / groups that miss. Groups of
// many pairs, not single pairs, decide: a 10-cycle miss (the H100's first level) and a hit's
// noise overlap, and per-pair shares read its 16 MiB page as 8 or 32 MiB in two runs of twelve.
std::uint64_t pageSize(Walker& w, const Sweep& s, std::size_t k) {
    if (const std::uint64_t above = pageAboveStride(w, s, k)) return above;
    const std::uint64_t entries = s.steps[k].entries;
    const std::uint64_t span = std::min(w.budget, 2 * (entries + 1) * s.stride);
    for (std::uint64_t stride = s.stride / 8;; stride /= 8) {
        stride = std::max(stride, kMinPage);
        const std::uint64_t loads = std::min({span / stride, kMaxPageWalkLoads, w.maxLines});
        if (loads * stride <= (entries + 1) * std::min(s.stride, stride * 8)) return 0;  // cannot pass the level
        const std::uint64_t groups = s.stride / stride;
        const std::uint64_t missing = w.groupsMissing(loads, stride, groups, "page-size", s.limits[k]);
        if (missing == 0) return 0;  // the walk did not pass the level
        if (missing < groups)
            return std::min(s.stride, std::max(stride, pageFromMissFraction(stride, static_cast<double>(missing) / static_cast<double>(groups))));
        if (stride == kMinPage) return kMinPage;
    }
}

// Units whose walks test a level's scope: the main unit's neighbours in the backend's order and
// units spread over the GPU, since a level may be shared by a group of units only (on the H100
// and H200, SMs 0 and 1 share the last level and no other SM does: docs/validation.md,
// "2026-11-26, session 11").
std::vector<int> scopeProbeUnits(int unitCount) {
    std::vector<int> units;
    for (int k : {1, 2, 3, unitCount / 4, unitCount / 2, 3 * unitCount / 4, unitCount - 1})
        if (k > 0 && k < unitCount && std::find(units.begin(), units.end(), k) == units.end()) units.push_back(k);
    return units;
}

// Does a walk over `otherPages` pages by another unit make the main walk of `pages` miss the
// level (its pairs' median above the level's `limit`)? Asked of each unit of scopeProbeUnits, two
// or three times, the majority counting: beside another unit only one timed pass sees the
// disturbance, and a level that misses for 10 cycles (the H100's first) gives a median of a few
// pairs. A walk the backend could not place beside the main one counts as not run.
TlbScopeDecision scopeOf(Walker& w, std::uint64_t pages, std::uint64_t otherPages, std::uint64_t stride, double limit) {
    w.walk(pages, stride, "scope-alone");  // evidence: the same walk without the other unit
    int mainUnit = -1;
    std::vector<int> units;
    std::vector<bool> disturbed;
    const std::vector<int> asked = scopeProbeUnits(w.ctx.device().unitCount);
    for (int unit : asked) {
        try {
            int tries = 0, misses = 0;
            WalkResult first;
            while (misses < 2 && tries - misses < 2) {
                const WalkResult beside = w.walkBeside(pages, stride, "scope-disturbed-" + std::to_string(unit), otherPages, unit);
                if (tries++ == 0) first = beside;
                misses += beside.stats.medianDelta > limit;
            }
            mainUnit = units.empty() || mainUnit == first.ranOn ? first.ranOn : -1;
            units.push_back(first.otherRanOn >= 0 ? first.otherRanOn : unit);
            disturbed.push_back(misses >= 2);
        } catch (const BackendError& e) {
            if (e.deviceLost()) throw;
        }
    }
    return decideTlbScope(mainUnit, units, disturbed, asked.size());
}

void reportLevel(RunContext& ctx, int level, const TlbStep& step, std::uint64_t page, const TlbScopeDecision& scope) {
    const std::string soft = step.edgeFound ? "" : "no page count past which each further page adds misses: the entries are "
                                                   "the most pages at which fewer than half the pairs miss";
    auto put = [&](const char* part, double value, const std::string& method) {
        const bool byEntries = std::string(part) == attr::tlbEntries || std::string(part) == attr::tlbReach;
        Attribute a = attributeFrom(Decision{true, value, byEntries && !step.edgeFound ? 0.6 : 0.8, method, byEntries ? soft : "", false, false},
                                    attr::tlbLevel(level, part), kSeries);
        ctx.report(Element::DeviceMemory, a);
    };
    put(attr::tlbEntries, static_cast<double>(step.entries), "page-stride pair walks");
    put(attr::tlbPageSize, static_cast<double>(page), "page-stride pair walks");
    put(attr::tlbReach, static_cast<double>(step.entries * page), "entries x page size");
    put(attr::tlbMissCost, std::round(step.missCost), "pair latency step");
    const bool decided = !scope.scope.empty();
    const double code = scope.scope == "gpu" ? 1 : scope.scope == "group" ? 2 : 0;  // the names carry the meaning
    Attribute s = attributeFrom(Decision{decided, code, scope.confidence, "other-unit walks", scope.reason, false, false},
                                attr::tlbLevel(level, attr::tlbScope), kSeries);
    if (decided) s.names = {scope.scope};
    ctx.report(Element::DeviceMemory, s);
}

std::string spanText(std::uint64_t bytes) {
    return bytes >= (1ull << 30) ? std::to_string(bytes >> 30) + " GiB" : std::to_string(bytes >> 20) + " MiB";
}

// A TLB level and the sweep that found it.
struct Level {
    const Sweep* sweep;
    std::size_t k;
    const TlbStep& step() const { return sweep->steps[k]; }
};

// Each level's entries, page size, miss cost and scope (walks of other units beside the main one).
void reportLevels(RunContext& ctx, Walker& w, const std::vector<Level>& levels, const std::vector<std::uint64_t>& pageSizes) {
    ctx.beginStep("TLB Levels", "scope");
    for (std::size_t i = 0; i < levels.size(); ++i) {
        const Sweep& sweep = *levels[i].sweep;
        const std::size_t k = levels[i].k;
        const std::uint64_t entries = sweep.steps[k].entries;
        const std::uint64_t pages = k == 0 ? std::max<std::uint64_t>(1, entries / 2) : (sweep.steps[k - 1].entries + entries) / 2;
        const std::uint64_t other = std::min(2 * entries, sweep.pages > pages + 1 ? sweep.pages - pages - 1 : 0);
        TlbScopeDecision scope{"", 0, ctx.device().unitCount < 2 ? "one unit only: no other SM/CU to disturb it"
                                                                 : "no room beside the walk for another unit's 2 x entries pages"};
        if (ctx.device().unitCount >= 2 && other > entries) scope = scopeOf(w, pages, other, sweep.stride, sweep.limits[k]);
        // Entries count loads at the sweep's stride: one a page, or page / stride of them where the
        // page is larger (pageAboveStride).
        TlbStep step = sweep.steps[k];
        if (pageSizes[i] > sweep.stride) step.entries = step.entries * sweep.stride / pageSizes[i];
        reportLevel(ctx, static_cast<int>(i) + 1, step, pageSizes[i], scope);
    }
}

// A level and its page (0: unmeasured).
struct PagedLevel {
    Level level;
    std::uint64_t page = 0;
};

// Sweeps beyond the first two, at most (each walks up to 32768 pages), and levels taken from the
// queue (two sweeps whose pages each send a level to the other would go on for ever).
constexpr int kMostResweeps = 4;
constexpr int kMostRounds = 32;

// Levels counted again by a sweep at their own page, one walk page a page (docs/methods.md, "TLB
// levels"). A page larger than the sweep's stride: only every few pairs miss the level there, and
// neither the half-miss count nor the edge search holds (random AMD #1002 read 1024 entries of
// 4 MiB as 14404); the step of the sweep at its page after which the levels cost what they did up
// to it is the level. A page smaller than the stride: a set-associative level then gets all the
// walked pages in a few of its sets (random NVIDIA #1000: levels of 4, 8 and 16 KiB pages behind a
// 2 MiB stride read as one level of 245 cycles); the steps of the sweep at its page between what
// the levels before it cost and what they cost with it are the level, or several, each with its
// page measured there (and counted again at it where that differs). Where no step matches, the
// level stays as its sweep counted it.
std::vector<PagedLevel> atTheirPages(Walker& w, std::deque<Sweep>& sweeps, const std::vector<PagedLevel>& found, double minStep) {
    std::deque<PagedLevel> queue(found.begin(), found.end());
    std::vector<PagedLevel> counted;
    int resweeps = 0, rounds = 0;
    const auto sweepOf = [&](std::uint64_t stride, double upToCost, std::uint64_t pages) -> const Sweep& {
        for (const Sweep& s : sweeps)
            if (s.stride == stride && s.countedUpTo >= upToCost && s.pages >= std::min(pages, w.pagesAt(stride))) return s;
        ++resweeps;
        w.ctx.beginStep("TLB Levels", "pages of " + spanText(stride));
        return sweeps.emplace_back(sweepAt(w, stride, minStep, upToCost, pages));
    };
    while (!queue.empty()) {
        const PagedLevel next = queue.front();
        queue.pop_front();
        const Sweep& own = *next.level.sweep;
        const bool known = std::any_of(sweeps.begin(), sweeps.end(), [&](const Sweep& s) { return s.stride == next.page; });
        if (next.page == own.stride || (!known && resweeps >= kMostResweeps) || ++rounds > kMostRounds) {
            counted.push_back(next);
            continue;
        }
        const double before = costOf(own.steps, next.level.k), with = costOf(own.steps, next.level.k + 1);
        // The level holds about its count in the sweep's strides over its pages there, at most that
        // where its pages fell in few sets; a step may hide a later level of a few cycles, which
        // must be passed too (random AMD #1001: 512 entries of 16 MiB, then 1024 of 19 cycles): four
        // times that is walked. The H100's first level, 16 of 16 MiB found at 32 MiB, then needs
        // 130 pages of 16 MiB, not the 8192 its memory allows (0.4 s of its run).
        const std::uint64_t reach = std::max<std::uint64_t>(1, next.level.step().entries * own.stride / next.page);
        const Sweep& at = sweepOf(next.page, with, std::max<std::uint64_t>(4 * kPageGroups, 4 * reach + 2));
        const std::optional<std::size_t> last = stepCosting(at, with, minStep);
        const std::optional<std::size_t> beforeLast = next.level.k == 0 ? std::nullopt : stepCosting(at, before, minStep);
        const std::size_t first = beforeLast ? *beforeLast + 1 : 0;
        if (!last || (next.level.k > 0 && !beforeLast) || first > *last) {
            counted.push_back(next);
            continue;
        }
        if (next.page > own.stride) {
            counted.push_back({{&at, *last}, next.page});
            continue;
        }
        std::vector<PagedLevel> parts;
        for (std::size_t k = first; k <= *last; ++k) {
            const std::uint64_t page = pageSize(w, at, k);
            if (page == 0) break;
            parts.push_back({{&at, k}, page});
        }
        if (parts.size() != *last - first + 1) {
            counted.push_back(next);
            continue;
        }
        queue.insert(queue.begin(), parts.begin(), parts.end());  // a part's page may differ from this stride
    }
    return counted;
}



// The walks' array may span most of the device: the benchmarks after this one need it back.
struct ReleaseWalkMemory {
    Backend& backend;
    ~ReleaseWalkMemory() {
        try {
            backend.releaseSequenceMemory();
        } catch (const BackendError&) {  // a lost device is reported by the next call
        }
    }
};

}  // namespace

void measureTlbLevels(RunContext& ctx, std::uint64_t walkLimitBytes) {
    const ReleaseWalkMemory release{ctx.backend()};
    const Space space = ctx.device().vendor == Vendor::Nvidia ? Space::GlobalL2 : Space::VectorL2;
    const bool othersListed = !ctx.backend().activity().others.empty();
    const TranslationWalkSpace where = ctx.backend().translationWalkSpace(space);
    const bool realMemory = where.period == 0;
    const std::uint64_t allowed =
        realMemory ? std::min({walkLimitBytes, kMaxSpan, othersListed ? kSharedSpan : kMaxSpan}) : kMaxSpan;
    Walker w{ctx, space, std::min(allowed, where.maxBytes), where.period, kMaxPages, 8};
    // One line a page: the walk must stay inside the L2, or its misses would pass for a level.
    if (ctx.device().l2SizeBytes > 0) w.maxLines = ctx.device().l2SizeBytes / 256;
    ctx.beginStep("TLB Levels", "pages");
    ctx.openSeries(kSeries, "TLB Levels", SeriesKind::Size, Element::DeviceMemory);
    try {
        // The data's own latency sets the smallest step that counts. The H100's first level misses
        // for 10 cycles over 280 (docs/validation.md, "2026-11-26, session 12"): a sweep's medians
        // over many pairs move by 2-3 cycles, a plateau's median by less.
        const double hit = w.walk(2, kSweepStrides[0], "pages").again;
        const double minStep = std::max(5.0, 0.02 * hit);
        w.threshold = minStep;
        Sweep found;
        std::string tried;
        for (std::uint64_t stride : kSweepStrides) {
            found = sweepAt(w, stride, minStep);
            tried += (tried.empty() ? "" : ", ") + std::to_string(found.pages) + " pages at " + spanText(stride) + " (" +
                     spanText(found.pages * stride) + ")";
            if (!found.steps.empty()) break;
        }
        if (found.steps.empty()) {
            ctx.report(Element::DeviceMemory,
                       undecided(attr::tlbLevels, "no page-stride walk raised the translation cost by more than " +
                                                      std::to_string(static_cast<int>(minStep)) + " cycles: walked " + tried +
                                                      "; the TLBs reach further than the memory the walks could use" +
                                                      (realMemory && othersListed ? " (16 GiB at most beside another process)"
                                                       : realMemory && w.budget < kMaxSpan && w.budget == allowed
                                                           ? " (--tlb-walk-gib lets them span more)"
                                                           : "")));
            return;
        }
        std::deque<Sweep> sweeps{found};  // every level points into its sweep
        std::vector<Level> levels;
        for (std::size_t k = 0; k < found.steps.size(); ++k) levels.push_back({&sweeps.front(), k});
        if (const std::uint64_t page = largerPageBeyond(w, found, minStep)) {
            ctx.beginStep("TLB Levels", "pages of " + spanText(page));
            const Sweep& wider = sweeps.emplace_back(sweepAt(w, page, minStep));
            if (const auto last = stepCosting(wider, costOf(found.steps, found.steps.size()), minStep))
                for (std::size_t k = *last + 1; k < wider.steps.size(); ++k) levels.push_back({&wider, k});
        }
        ctx.beginStep("TLB Levels", "page size");
        // A level whose page no walk could measure ends the list: the levels before it stand.
        std::vector<std::uint64_t> pageSizes;
        for (const Level& level : levels) {
            pageSizes.push_back(pageSize(w, *level.sweep, level.k));
            if (pageSizes.back() == 0) break;
        }
        std::string further;
        const bool unmeasuredLevel = pageSizes.back() == 0;  // a further level stands, its page unknown
        if (unmeasuredLevel) {
            pageSizes.pop_back();
            const Level& unmeasured = levels[pageSizes.size()];
            further = "a further step of " + std::to_string(static_cast<int>(std::round(unmeasured.step().missCost))) +
                      " cycles past " + std::to_string(unmeasured.step().entries) + " pages of " + spanText(unmeasured.sweep->stride) +
                      ", whose page size no walk could measure (it cannot pass that level at a smaller stride)";
        }
        levels.resize(pageSizes.size());
        if (levels.empty()) {
            ctx.report(Element::DeviceMemory, undecided(attr::tlbLevels, "levels seen, but " + further));
            return;
        }
        std::vector<PagedLevel> paged;
        for (std::size_t i = 0; i < levels.size(); ++i) paged.push_back({levels[i], pageSizes[i]});
        paged = atTheirPages(w, sweeps, paged, minStep);
        levels.clear();
        pageSizes.clear();
        for (const PagedLevel& p : paged) levels.push_back(p.level), pageSizes.push_back(p.page);
        std::uint64_t walked = 0;
        for (const Sweep& sweep : sweeps) walked = std::max(walked, sweep.pages * sweep.stride);
        reportLevels(ctx, w, levels, pageSizes);
        // A level that reaches as far as the walk or further never misses in it, so no walk rules
        // one more out, not even one over all of the device's memory: a TLB may map more than the
        // memory (issue 34: "at least N" with the walked span; a third level of 128 GiB beside
        // 16 GiB of memory read "2 levels" at 0.8).
        const std::uint64_t memory = ctx.device().totalGlobalBytes;
        if (!unmeasuredLevel)
            further = "no further level up to " + spanText(walked) + " of pages: a further level reaching " + spanText(walked) +
                      " or more is not ruled out" +
                       (memory == 0        ? " (the device's memory size is unknown)"
                        : walked < memory ? " (less than the device's " + spanText(memory) + ")"
                                          : "");
        ctx.report(Element::DeviceMemory, attributeFrom(Decision{true, static_cast<double>(levels.size()), unmeasuredLevel ? 0.6 : 0.8,
                                                                 "page-stride pair walks", further, /*lowerBound=*/true, false},
                                                        attr::tlbLevels, kSeries));
    } catch (const BackendError& e) {
        if (e.deviceLost()) throw;
        ctx.report(Element::DeviceMemory, undecided(attr::tlbLevels, std::string("sequence chase: ") + e.what()));
    }
}

}  // namespace ts
