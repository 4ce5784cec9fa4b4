// Ways, sets and set-index function by stride experiments (docs/methods.md, "Associativity").
#include <algorithm>
#include <bit>

#include "analysis/assoc.hpp"
#include "backend/eviction_test.hpp"
#include "benchmarks/assoc_benchmarks.hpp"
#include "benchmarks/attributes.hpp"
#include "benchmarks/cache_benchmarks.hpp"
#include "benchmarks/cache_capacity.hpp"
#include "benchmarks/cache_common.hpp"
#include "benchmarks/eviction_set.hpp"
#include "benchmarks/random_fill.hpp"
#include "benchmarks/sequence_probe.hpp"
#include "model/attribute_names.hpp"

namespace ts {
namespace {

constexpr std::uint32_t kMaxWays = 64;   // a plateau above this is no set of one stride
constexpr std::uint64_t kScatterRegion = 8;  // scattered lines come from 8x the capacity
// The scattered walk that tells full associativity from a hash costs 1.8 x lines loads.
constexpr std::uint64_t kMaxScatterLines = 1u << 20;
// The consecutive-fit bisection walks up to 2.5 x lines loads some 12 times: L1-sized caches only
// (an H100's L2 would take seconds, and its near/far halves blur the line that overflows).
constexpr std::uint64_t kMaxConsecutiveFitLines = 1u << 15;
constexpr int kHighestIndexBit = 20;  // address bits tested for the set index: below 2 MiB
// Packing lines one by one offers up to 3 x lines, each trial walking all kept lines twice:
// L1-sized caches only.
constexpr std::uint64_t kMaxPackedLines = 1u << 12;
// Packing stops after this many lines (or 1/16 of the capacity, if more) turned away in a row. The
// last sets to fill take one line in about sets / holes, so a run of 32 stopped with holes left
// (372 of 384 lines on a 96-set xor index); a run of the whole capacity costs seconds on a GPU
// (5.9 s for the H200's L1: two kernels a line offered), 128 about what 1/16 costs there.
constexpr std::uint64_t kPackingStopRun = 128;
// Lines of one block of the hole search that may hit and be tried alone (fillHoles).
constexpr std::size_t kMostHoleSuspects = 16;
// The random-fill walks' longest chase loads 2 x the lines; a chase takes up to 2^23 loads. With
// fewer than 2^14 lines a few sets' luck moves the shares by more than the candidates differ.
constexpr std::uint64_t kMaxRandomFillLines = 1u << 22;
constexpr std::uint64_t kMinRandomFillLines = 1u << 14;
// A GPU writes its latencies out 1024 loads at a time: stores inside the resident count could
// take lines, so each request times at most this many loads.
constexpr std::size_t kTimedChunk = 1024;
// A line size (and what was counted in its lines) that the set index contradicts.
constexpr double kDoubtedLineConfidence = 0.5;
// A line size no set's index bits confirmed (calibrated: docs/calibration.md).
constexpr double kUnconfirmedLineConfidence = 0.8;
// The set index's own line, where the line-size benchmark read another and the set structure
// probed again in the index's lines found that line again (calibrated: docs/calibration.md).
constexpr double kIndexLineConfidence = 0.7;

struct Probe {
    RunContext& ctx;
    const CacheTarget& target;
    std::string series;
    double threshold = 0;
    std::uint64_t sectorBytes = 0;  // the fetch granularity: the smallest address step a line can have
    // Most lines one stride of the whole size can test: kMaxWays, or fewer where the space's array
    // ends first (64 KiB of constant memory hold 32 strides of a 2 KiB constant L1).
    std::uint32_t maxWays = kMaxWays;
    // The eviction set was found only with many walks: a full set gives up a random line, so an
    // overfull set's misses fall on other loads each walk (tailFits, fillHoles).
    bool randomVictims = false;

    // Do n lines at `stride` all hit on their second pass? One line too many always leaves a miss
    // (whatever the policy), so a run with a miss is repeated once: a delayed load is no conflict.
    bool fits(std::uint64_t n, std::uint64_t stride) { return fitsOnce(n, stride) || fitsOnce(n, stride); }
    bool fitsOnce(std::uint64_t n, std::uint64_t stride) {
        const ProbeRun run = timedSecondPass(ctx, target.space, stridedLines(n, stride, 1), series,
                                             static_cast<double>(stride), static_cast<double>(n * stride), "stride");
        return missShare(run.timed, threshold) * static_cast<double>(n) < 0.5 + static_cast<double>(n / 64);
    }
    // Do n consecutive lines all hit on their second pass, not one miss (asked again after one)?
    bool consecutiveFit(std::uint64_t n, std::uint64_t line) { return listFits(stridedLines(n, line, 1), "consecutive-fit"); }
    // Do these lines all hit on their second pass? Asked again after a miss, as fits() does. The
    // row's x is the line count unless `x` says otherwise.
    bool listFits(const std::vector<std::uint64_t>& lines, const char* label, double x = -1) {
        for (int attempt = 0; attempt < 2; ++attempt) {
            const ProbeRun run = timedSecondPass(ctx, target.space, lines, series,
                                                 x >= 0 ? x : static_cast<double>(lines.size()), 0, label);
            if (missShare(run.timed, threshold) * static_cast<double>(lines.size()) < 0.5) return true;
        }
        return false;
    }
    bool scatteredFit(std::uint64_t n, std::uint64_t line) {
        std::vector<std::uint64_t> lines;
        std::uint64_t state = 0x9e3779b97f4a7c15ull;
        const std::uint64_t region = n * kScatterRegion;
        std::vector<bool> used(region, false);
        while (lines.size() < n) {
            state = state * 6364136223846793005ull + 1442695040888963407ull;
            const std::uint64_t pick = (state >> 17) % region;
            if (!used[pick]) used[pick] = true, lines.push_back(pick * line);
        }
        const ProbeRun run = timedSecondPass(ctx, target.space, lines, series, static_cast<double>(line),
                                             static_cast<double>(region * line), "scattered");
        return missShare(run.timed, threshold) * static_cast<double>(n) < 1.0 + static_cast<double>(n) / 64.0;
    }
};

// Lines of one set for the replacement-policy benchmark: rows "conflict-line", x = offset.
void recordConflictSet(RunContext& ctx, const std::string& series, const std::vector<std::uint64_t>& set) {
    std::vector<SeriesRow> rows;
    for (std::uint64_t offset : set) rows.push_back(SeriesRow{static_cast<double>(offset), 0, "conflict-line", 0, {}});
    ctx.appendRows(series, std::move(rows));
}

// The target (line 0) stays after one line fewer than the set, loaded twice after it: the
// eviction test's loads as a plain sequence chase, whatever the backend's own test does.
bool oneFewerKeepsTarget(Probe& p, const std::vector<std::uint64_t>& set, std::uint64_t lineBytes) {
    const EvictionTest fewer{p.target.space, lineBytes, {}, 0, std::vector<std::uint64_t>(set.begin() + 1, set.end() - 1)};
    return p.ctx.chaseSequence(evictionSequence(fewer)).latencies.back() <= p.threshold;
}

// Most consecutive lines that all stay, bisected between 3/4 and 5/4 of the capacity; 0 when
// those bounds do not hold. Adding a line never empties a set, so the answer is one edge.
std::uint64_t largestConsecutiveFit(Probe& p, std::uint64_t lines, std::uint64_t lineBytes) {
    std::uint64_t lo = lines * 3 / 4, hi = lines * 5 / 4;  // lo fit, hi do not
    if (!p.consecutiveFit(lo, lineBytes) || p.consecutiveFit(hi, lineBytes)) return 0;
    while (hi - lo > 1) {
        const std::uint64_t mid = (lo + hi) / 2;
        (p.consecutiveFit(mid, lineBytes) ? lo : hi) = mid;
    }
    return lo;
}

// Lines the cache holds after a stream of `streamLines` consecutive lines: the stream walked once,
// then backwards, newest first. In each set the stream's newest W lines are resident (LRU, FIFO
// and tree-PLRU all keep the last W lines of a run of misses) and come first in the backward
// walk, so they hit, and every older line missed: hits = W x sets, however unevenly the index
// spreads the lines. Stops at a chunk without a hit. Row "resident": x = hits, x2 = stream lines.
std::uint64_t residentAfterStream(Probe& p, std::uint64_t streamLines, std::uint64_t lineBytes) {
    const std::vector<std::uint64_t> stream = stridedLines(streamLines, lineBytes, 1);
    const std::vector<std::uint64_t> backward(stream.rbegin(), stream.rend());
    std::uint64_t hits = 0;
    for (std::size_t from = 0; from < backward.size(); from += kTimedChunk) {
        SequenceChase request;
        request.space = p.target.space;
        request.offsets = stream;
        const std::size_t to = std::min(backward.size(), from + kTimedChunk);
        request.offsets.insert(request.offsets.end(), backward.begin(), backward.begin() + static_cast<long>(to));
        request.timedFrom = static_cast<std::uint32_t>(stream.size() + from);
        const std::vector<std::uint32_t> timed = p.ctx.chaseSequence(request).latencies;
        const auto chunkHits = static_cast<std::uint64_t>(
            std::count_if(timed.begin(), timed.end(), [&](std::uint32_t l) { return l <= p.threshold; }));
        hits += chunkHits;
        if (chunkHits == 0) break;
    }
    p.ctx.appendRows(p.series, {SeriesRow{static_cast<double>(hits), static_cast<double>(streamLines), "resident", 0, {}}});
    return hits;
}

// The resident count three streams of different lengths (3, 4 and 5 x the capacity) all agree
// on: a policy that keeps no fixed lines of a stream (random; the H100's and H200's L1, whose
// counts spread over 1820-1896 lines, two alike by chance once in thirteen runs) gives each its own,
// and so may a delayed hit. Leaves residentLines 0 when they differ; stops at the first that does.
void countResidentLines(Probe& p, SetProbe& s, std::uint64_t lines, std::uint64_t lineBytes) {
    for (std::uint64_t factor : {3, 4, 5}) {
        s.residentCounts.push_back(residentAfterStream(p, factor * lines, lineBytes));
        if (s.residentCounts.back() != s.residentCounts.front()) return;
    }
    s.residentLines = s.residentCounts.front();
}

// Under random replacement an overfull set misses somewhere in every pass, a different load each
// time, while a delayed load (one in 500 to 1000) comes and goes: the lines walked once and then
// kRandomTimedPasses times more, timed; they do not fit when every timed pass had a miss, in each
// of three walks. At one delayed load in 1000, six passes of 1024 loads are all hit by one about
// once in 14 and three walks of them once in 3000; at one in 500 (a noisy GPU) three walks still
// are once in 12, so lists of a thousand lines there would need more passes than a chain allows.
constexpr int kRandomTimedPasses = 6;  // 7 visits a line: a GPU chain allows 8
bool everyPassFits(Probe& p, const std::vector<std::uint64_t>& lines) {
    SequenceChase request;
    request.space = p.target.space;
    for (int pass = 0; pass <= kRandomTimedPasses; ++pass) request.offsets.insert(request.offsets.end(), lines.begin(), lines.end());
    request.timedFrom = static_cast<std::uint32_t>(lines.size());
    for (int walk = 0; walk < 3; ++walk) {
        const std::vector<std::uint32_t> timed = p.ctx.chaseSequence(request).latencies;
        for (std::size_t from = 0; from < timed.size(); from += lines.size())
            if (std::none_of(timed.begin() + static_cast<long>(from), timed.begin() + static_cast<long>(std::min(timed.size(), from + lines.size())),
                             [&](std::uint32_t l) { return l > p.threshold; }))
                return true;  // a pass without a miss
    }
    return false;
}

// Two passes over `lines` in order, the last `timed` loads of the second timed.
SequenceChase twoPasses(const Probe& p, const std::vector<std::uint64_t>& lines, std::size_t timed) {
    SequenceChase request;
    request.space = p.target.space;
    request.offsets = lines;
    request.offsets.insert(request.offsets.end(), lines.begin(), lines.end());
    request.timedFrom = static_cast<std::uint32_t>(request.offsets.size() - timed);
    return request;
}

// Does every line of `lines` hit on the second of two passes? The last kTimedChunk loads are
// timed (no results written out among them): where a set holds one line too many, its lines miss
// one after another on the second pass under LRU, and the newest (the last offered) is among them.
// A conflict misses the same loads every time; a delayed load (one in 500 on a noisy part, so one
// of 1024 timed loads is slow more often than not) lands anywhere. So a walk with misses is asked
// again, up to three times, and the lines fit unless one load missed in every walk (two delayed
// loads at one place in two of three walks came about once in 80 trials at one in 500: enough
// over a packing's two thousand trials to leave sets a line short).
bool tailFits(Probe& p, const std::vector<std::uint64_t>& lines) {
    if (p.randomVictims) return everyPassFits(p, lines);
    const SequenceChase request = twoPasses(p, lines, std::min(lines.size(), kTimedChunk));
    std::vector<int> misses;  // per timed load: the walks so far in which it missed
    for (int attempt = 1; attempt <= 3; ++attempt) {
        const std::vector<std::uint32_t> timed = p.ctx.chaseSequence(request).latencies;
        if (misses.empty()) misses.assign(timed.size(), 0);
        bool clean = true, everyWalk = false;
        for (std::size_t i = 0; i < timed.size() && i < misses.size(); ++i) {
            if (timed[i] <= p.threshold) continue;
            clean = false;
            if (++misses[i] == attempt) everyWalk = true;
        }
        if (clean || !everyWalk) return true;  // no load missed in every walk so far
    }
    return false;
}

// The candidates that hit on the second of two passes over the kept lines and them. A line of a
// set with room left always hits (nothing in its set is evicted), whatever the policy; under LRU
// and FIFO every line of a set one line too full misses, under PLRU and random replacement some
// may still hit, so a hit makes a suspect that tailFits then checks alone.
std::vector<std::uint64_t> candidatesThatHit(Probe& p, const std::vector<std::uint64_t>& kept,
                                             const std::vector<std::uint64_t>& candidates) {
    std::vector<std::uint64_t> lines = kept;
    lines.insert(lines.end(), candidates.begin(), candidates.end());
    const std::vector<std::uint32_t> timed = p.ctx.chaseSequence(twoPasses(p, lines, candidates.size())).latencies;
    std::vector<std::uint64_t> hits;
    for (std::size_t i = 0; i < timed.size() && i < candidates.size(); ++i)
        if (timed[i] <= p.threshold) hits.push_back(candidates[i]);
    return hits;
}

// Where the packing stopped, a few sets may still have room: the last holes take one line in
// about `sets` offered, more than a run of rejections waits for (a 352-set A100 L1 packed 1404 of
// 1408 lines). A block of about one line per set is offered at once and only the lines that hit
// beside the kept ones are tried alone; blocks go on until two in a row fill no hole, up to 3 x
// the capacity offered (one chase a block instead of one a line). A block with more suspects than
// kMostHoleSuspects says that lines of full sets hit too (a policy other than LRU or FIFO, or
// noise): it tells no holes, and trying each alone cost the H200's L1 half a second. Where the
// set was found to give up lines at random (Probe::randomVictims) that is expected: each line of
// a block is tried alone.
void fillHoles(Probe& p, std::vector<std::uint64_t>& kept, std::uint64_t& next, std::uint64_t lines, std::uint64_t lineBytes,
               std::uint32_t ways) {
    const std::uint64_t sets = std::max<std::uint64_t>(1, lines / std::max<std::uint32_t>(1, ways));
    const std::uint64_t block = std::clamp<std::uint64_t>(sets, 16, kTimedChunk);
    for (int idle = 0; idle < 2 && next < 3 * lines;) {
        std::vector<std::uint64_t> candidates;
        for (std::uint64_t i = 0; i < block && next + i < 3 * lines; ++i) candidates.push_back((next + i) * lineBytes);
        next += candidates.size();
        const std::vector<std::uint64_t> suspects = p.randomVictims ? candidates : candidatesThatHit(p, kept, candidates);
        if (!p.randomVictims && suspects.size() > kMostHoleSuspects) return;
        bool filled = false;
        for (const std::uint64_t suspect : suspects) {
            std::vector<std::uint64_t> trial = kept;
            trial.push_back(suspect);
            if (tailFits(p, trial)) kept = std::move(trial), filled = true;
        }
        idle = filled ? 0 : idle + 1;
    }
}

// Most lines the cache holds at once: consecutive lines offered in order, each kept when the kept
// lines and it still all hit, turned away when its set is full. The kept lines end up filling
// every set, so they count ways x sets however unevenly the index spreads consecutive lines (the
// longest run that fits stops at the first full set). Lines are offered in batches that double
// while they fit (a batch that does not is bisected to its first line turned away), up to 3 x the
// capacity, and the offer stops once kPackingStopRun lines (or 1/16 of the capacity) were turned
// away in a row; then fillHoles looks further on for lines of the sets not yet full.
// Row "packed": x = lines kept, x2 = lines offered.
std::uint64_t packedLines(Probe& p, std::uint64_t lines, std::uint64_t lineBytes, std::uint32_t ways) {
    std::vector<std::uint64_t> kept;
    const std::uint64_t stopRun = std::max<std::uint64_t>(kPackingStopRun, lines / 16);
    std::uint64_t next = 0, batch = 1, awayRun = 0;
    const auto withNext = [&](std::uint64_t count) {
        std::vector<std::uint64_t> trial = kept;
        for (std::uint64_t i = 0; i < count; ++i) trial.push_back((next + i) * lineBytes);
        return trial;
    };
    while (next < 3 * lines && awayRun < stopRun) {
        batch = std::min(batch, 3 * lines - next);
        if (tailFits(p, withNext(batch))) {
            kept = withNext(batch);
            next += batch, awayRun = 0, batch = std::min<std::uint64_t>(2 * batch, 64);
            continue;
        }
        std::uint64_t lo = 0, hi = batch;  // kept + lo lines fit, kept + hi do not
        while (hi - lo > 1) {
            const std::uint64_t mid = (lo + hi) / 2;
            (tailFits(p, withNext(mid)) ? lo : hi) = mid;
        }
        kept = withNext(lo);
        next += lo + 1;  // line `next + lo` is turned away
        awayRun = lo == 0 ? awayRun + 1 : 1;
        batch = 1;
    }
    fillHoles(p, kept, next, lines, lineBytes, ways);
    p.ctx.appendRows(p.series, {SeriesRow{static_cast<double>(kept.size()), static_cast<double>(next), "packed", 0, {}}});
    return kept.size();
}

// Is line 0 with these bits flipped in line 0's set, given that set's other lines (`ways`): one of
// them, or no room beside them (whatever the policy, one line too many for a set leaves a miss)?
bool flipStaysInSet(Probe& p, const std::vector<std::uint64_t>& ways, std::uint64_t flipped, const char* label, double x) {
    if (std::find(ways.begin(), ways.end(), flipped) != ways.end()) return true;
    std::vector<std::uint64_t> lines = ways;
    lines.push_back(flipped);
    return !p.listFits(lines, label, x);
}

// The line the index sees: flipping a bit inside a line keeps line 0 where it is, and an index
// that spreads neighbouring lines (every one we know) moves it at the line's lowest bit. Bits from
// the fetch granularity's up to 4 x the measured line, the first that moves it; rows "line-bit".
void findLineBit(Probe& p, SetProbe& s, const std::vector<std::uint64_t>& set, std::uint64_t lineBytes) {
    const std::vector<std::uint64_t> ways(set.begin() + 1, set.end());
    const bool tested = !s.bitsMovingSet.empty() || !s.bitsKeepingSet.empty();  // flipIndexBits ran
    for (int bit = std::countr_zero(p.sectorBytes); bit <= std::countr_zero(lineBytes) + 2; ++bit) {
        const bool moves = tested && bit >= std::countr_zero(lineBytes)
                               ? std::find(s.bitsMovingSet.begin(), s.bitsMovingSet.end(), bit) != s.bitsMovingSet.end()
                               : !flipStaysInSet(p, ways, std::uint64_t{1} << bit, "line-bit", bit);
        if (moves) {
            s.lineBit = bit;
            return;
        }
    }
}

// Which address bits feed the index: line 0's ways plus line 0 with bit b flipped fit together
// unless the flipped line falls in the same set. Bits from the line size up to 2 MiB, where an
// address's page offset is its physical offset too (the L2 is physically indexed).
void flipIndexBits(Probe& p, SetProbe& s, const std::vector<std::uint64_t>& set, std::uint64_t lineBytes) {
    const std::vector<std::uint64_t> ways(set.begin() + 1, set.end());
    const auto staysInSet = [&](std::uint64_t flipped, const char* label, double x) {
        return flipStaysInSet(p, ways, flipped, label, x);
    };
    // Flipped lines stay inside the space's array (64 KiB of constant memory: bits up to 15).
    const int highest = std::min(kHighestIndexBit, static_cast<int>(std::bit_width(p.ctx.backend().maxArrayBytes(p.target.space))) - 2);
    for (int bit = std::countr_zero(lineBytes); bit <= highest; ++bit)
        (staysInSet(std::uint64_t{1} << bit, "index-bit", bit) ? s.bitsKeepingSet : s.bitsMovingSet).push_back(bit);
    // Pairs of moving bits: rows index-bit-pair, x = 100 x first bit + second bit.
    for (std::size_t i = 0; i < s.bitsMovingSet.size(); ++i)
        for (std::size_t j = i + 1; j < s.bitsMovingSet.size(); ++j) {
            const int a = s.bitsMovingSet[i], b = s.bitsMovingSet[j];
            if (staysInSet((std::uint64_t{1} << a) | (std::uint64_t{1} << b), "index-bit-pair", 100.0 * a + b))
                s.bitPairsKeepingSet.emplace_back(a, b);
        }
    s.pairsTested = true;
}

// Where no set's lines can be searched: how many random lines survive (capacity permitting).
void fillAtRandom(Probe& p, SetProbe& s, std::uint64_t lines, std::uint64_t lineBytes) {
    if (lines >= kMinRandomFillLines && lines <= kMaxRandomFillLines) s.randomFill = measureRandomFill(p.ctx, p.target.space, lines, lineBytes, p.threshold, p.series);
}

// A set is W + 1 lines of which any W fit: a line without which the rest still do not fit (W + 1
// of one set never do, whatever the policy) is of another set, taken by a search whose evictions
// came by chance (random replacement: a 3-way L1's search kept 6 lines, 3 of them strays, and
// its checks passed by chance once in two runs). Dropped, line 0 kept; asked twice, so that
// delayed loads cannot drop a line of the set. Rows "stray-line".
std::vector<std::uint64_t> withoutStrayLines(Probe& p, std::vector<std::uint64_t> set) {
    for (std::size_t j = set.size(); j-- > 1 && set.size() > 2;) {
        std::vector<std::uint64_t> without(set);
        without.erase(without.begin() + static_cast<long>(j));
        const double x = static_cast<double>(set[j]);
        if (!p.listFits(without, "stray-line", x) && !p.listFits(without, "stray-line", x)) set = std::move(without);
    }
    return set;
}

// A hashed index: search one set's lines (capacity permitting) and check one line fewer does not evict.
void searchConflicts(Probe& p, SetProbe& s, std::uint64_t lines, std::uint64_t lineBytes) {
    if (lines > p.ctx.backend().maxEvictionSearchLines()) {  // too large to search: random lines instead
        s.searchSkipped = true;
        fillAtRandom(p, s, lines, lineBytes);
        return;
    }
    // The refresh is another sector of the target's line where lines have several (it cannot
    // evict anything), else the next line (of the target's set once in `sets`).
    const std::uint64_t refresh = p.sectorBytes > 0 && p.sectorBytes < lineBytes ? p.sectorBytes : lineBytes;
    const ConflictSearch search{p.target.space, lines, lineBytes, p.threshold, kMaxWays, p.series, refresh};
    const std::optional<ConflictSet> found = findConflictSet(p.ctx, search);
    // A target and at least one line that evicts it; a lone line is no set (a search that ended on
    // one found nothing: a random policy can evict the target with no set full). Then how many
    // random lines survive tells the ways, the policy and the capacity, where anything does.
    if (!found || found->lines.size() < 2) {
        fillAtRandom(p, s, lines, lineBytes);
        return;
    }
    const std::vector<std::uint64_t> set = withoutStrayLines(p, found->lines);
    // Lines of other sets that evicted the target mean its evictions came by chance too.
    p.randomVictims = s.randomVictims = found->passes > 2 || set.size() < found->lines.size();
    s.conflictWays = static_cast<std::uint32_t>(set.size() - 1);
    // Whatever the replacement policy, `ways` lines of one set fit on their own and one more do
    // not: checked by plain two-pass walks, so that a search whose evictions came from anything
    // but one set's conflicts (another level, a neighbour) cannot pass for the set.
    const std::vector<std::uint64_t> ways(set.begin() + 1, set.end());
    s.conflictConfirmed = oneFewerKeepsTarget(p, set, lineBytes) && p.listFits(ways, "set-fits");
    s.conflictContradicted = p.listFits(set, "set-plus-one-fits");
    recordConflictSet(p.ctx, p.series, set);
    if (s.conflictConfirmed && !s.conflictContradicted) {
        flipIndexBits(p, s, set, lineBytes);
        findLineBit(p, s, set, lineBytes);
        if (lines <= kMaxConsecutiveFitLines) {
            s.consecutiveFit = largestConsecutiveFit(p, lines, lineBytes);
            if (lines <= kMaxPackedLines) s.packedLines = packedLines(p, lines, lineBytes, s.conflictWays);
            // The streams count the sets only where packing did not (they cost as much again).
            if (s.packedLines == 0 || s.packedLines % s.conflictWays != 0 || s.packedLines < s.consecutiveFit)
                countResidentLines(p, s, lines, lineBytes);
        }
    }
    // No random fill after a set was found: on the H100 its shares lay 0.05-0.08 below what any
    // capacity gives (docs/validation.md, session 22), so it decided nothing and cost 0.6 s.
}

// More lines than any way count fit at the size stride: full associativity or a hashed index.
void probeCapacityBound(Probe& p, SetProbe& s, std::uint64_t size, std::uint64_t lines) {
    s.capacityBound = true;
    if (lines > kMaxScatterLines) {
        s.tooLargeToScatter = s.searchSkipped = true;
        fillAtRandom(p, s, lines, size / lines);
        return;
    }
    // 90 % of the capacity, then all of it: a hashed index of few sets and many ways (9 x 16)
    // takes 90 % scattered lines by chance, rarely all (a full set then overflows).
    s.randomLinesFit = p.scatteredFit(lines * 9 / 10, size / lines) && p.scatteredFit(lines, size / lines);
    if (!s.randomLinesFit) searchConflicts(p, s, lines, size / lines);
}

SetProbe probeSets(Probe& p, std::uint64_t size, std::uint64_t lines) {
    SetProbe s;
    if (p.fits(p.maxWays + 1, size)) {
        probeCapacityBound(p, s, size, lines);
        return s;
    }
    std::uint32_t lo = 0, hi = p.maxWays + 1;  // lo lines fit, hi do not
    while (hi - lo > 1) {
        const std::uint32_t mid = (lo + hi) / 2;
        (p.fits(mid, size) ? lo : hi) = mid;
    }
    // As many lines as the whole capacity fit at the size stride: a cache of few lines that
    // any line may hold (a fully associative 16-line L1 read "hashed" with no set found).
    if (lo >= lines) {
        probeCapacityBound(p, s, size, lines);
        return s;
    }
    s.waysPlateau = lo;
    const std::uint64_t half = lo > 0 ? size / (2 * lo) : 0;
    const std::uint64_t line = size / lines;
    if (lo > 0 && half >= line && half % line == 0)
        s.plateauConfirmed = p.fits(2 * lo, half) && !p.fits(2 * lo + 1, half);
    if (s.plateauConfirmed) {
        const std::vector<std::uint64_t> set = stridedLines(lo + 1, size / lo, 1);
        recordConflictSet(p.ctx, p.series, set);
        findLineBit(p, s, set, line);
    } else {
        searchConflicts(p, s, lines, line);
    }
    return s;
}

void reportSets(RunContext& ctx, Element element, const SetDecision& d, const std::string& evidence) {
    Attribute ways = attributeFrom(d.ways, attr::ways, evidence);
    Attribute sets = attributeFrom(d.sets, attr::sets, evidence);
    Decision index{!d.indexFunction.empty(), d.indexFunction == "modulo" ? 1.0 : d.indexFunction == "hashed" ? 2.0 : 3.0,
                   d.indexConfidence, "stride-conflicts", d.indexReason, false, false};
    Attribute fn = attributeFrom(index, attr::indexFunction, evidence);
    if (!d.indexFunction.empty()) fn.names = {d.indexFunction};
    ctx.report(element, ways);
    ctx.report(element, sets);
    ctx.report(element, fn);
}

// The set index moved line 0 first at `lineBit`, where the line-size benchmark read another line:
// that line size, and the ways, sets and capacity counted in its lines, at most 0.5.
void doubtTheLine(RunContext& ctx, Element element, int lineBit, const std::string& evidence) {
    const std::string why = "the set index sees lines of " + std::to_string(std::uint64_t{1} << lineBit) +
                            " B (flipping address bit " + std::to_string(lineBit) +
                            " is the first to move a line to another set; " + evidence + ", rows line-bit)";
    for (const char* name : {attr::lineSize, attr::ways, attr::sets, attr::size, attr::contiguousKnee}) {
        const Attribute* a = ctx.topology().find(element, name);
        const bool line = name == std::string(attr::lineSize);
        const auto doubted = a ? heldTo(*a, kDoubtedLineConfidence, (line ? "" : "counted in lines the set index contradicts: ") + why)
                               : std::nullopt;
        if (!doubted) continue;
        if (line) ctx.revise(element, *doubted);  // the line-size benchmark's result, not this one's
        else ctx.report(element, *doubted);
    }
}

// The line is the set index's (`indexLine`), found twice: the line-size benchmark's model read
// another (a sectored cache's misses come a sector at a time, and its model read the sector).
// `fromFetch`: the line-size benchmark decided none and the fetch granularity (`probedLine`) stood in.
void lineFromTheIndex(RunContext& ctx, Element element, std::uint64_t indexLine, std::uint64_t probedLine, bool fromFetch,
                      const std::string& evidence) {
    const Attribute* line = ctx.topology().find(element, attr::lineSize);
    if (!line) return;
    Attribute a = *line;
    a.value = static_cast<double>(indexLine);
    a.confidence = kIndexLineConfidence;
    a.lowerBound = a.upperBound = false;
    a.failed = false;
    a.method = "set index bits";
    const std::string probed = std::to_string(probedLine) + " B" +
                               (fromFetch ? " (the fetch granularity: the line-size benchmark decided none)" : " (the capacity model's line)");
    a.reason = "flipping address bit " + std::to_string(std::countr_zero(indexLine)) +
               " is the first to move a line to another set, in lines of " + probed +
               (indexLine == probedLine ? std::string()
                                        : " and again when the set structure was probed in lines of " + std::to_string(indexLine) + " B") +
               " (" + evidence + ", rows line-bit); the line-size benchmark: " + line->reason;
    a.evidence = evidence;
    if (!a.marks.empty()) a.confidence = std::min(a.confidence, kDoubtedLineConfidence);  // a neighbour's mark holds it
    ctx.revise(element, a);
}

// The line-size benchmark's model, where no set's index bits could confirm it: it reads a hashed
// cache's lines wrong now and then (docs/calibration.md), so at most kUnconfirmedLineConfidence.
void lineUnconfirmed(RunContext& ctx, Element element, const std::string& why) {
    const Attribute* line = ctx.topology().find(element, attr::lineSize);
    if (!line) return;
    if (const auto held = heldTo(*line, kUnconfirmedLineConfidence, "not confirmed by the set index (" + why + ")"))
        ctx.revise(element, *held);
}

// One cache with `owner`: this path's line size is no surer than the owner's, which its set index
// confirmed, contradicted or could not test; where the two read different lines, one is wrong
// (of 300 random GPUs, a Read Only path read 64 B at 0.998 beside its L1's right 128 B at 1.0).
void lineOfOwner(RunContext& ctx, Element element, Element owner) {
    const Attribute* mine = ctx.topology().find(element, attr::lineSize);
    const Attribute* theirs = ctx.topology().find(owner, attr::lineSize);
    if (!mine || !theirs) return;
    const std::string ownerName(displayName(owner));
    const bool same = mine->value == theirs->value;
    const double cap = same ? theirs->confidence : std::min(theirs->confidence, kDoubtedLineConfidence);
    const std::string why = same ? "one cache with " + ownerName + ", whose line size has this confidence (" + theirs->reason + ")"
                                 : "one cache with " + ownerName + ", whose line size reads " +
                                       std::to_string(static_cast<long long>(theirs->value)) + " B";
    if (const auto held = heldTo(*mine, cap, why)) ctx.revise(element, *held);
}

// Ways, sets and index undecided for `why`; a size read from the knee then stays at most 0.5.
void reportUncounted(RunContext& ctx, const CacheTarget& target, const std::string& why) {
    for (const char* name : {attr::ways, attr::sets, attr::indexFunction}) ctx.report(target.element, undecided(name, why));
    reportUnmeasuredSets(ctx, target, why);
}

}  // namespace

void reportUnmeasuredSets(RunContext& ctx, const CacheTarget& target, const std::string& why) {
    if (const Attribute* size = ctx.topology().find(target.element, attr::size))
        reportKneeOnly(ctx, target.element, *size, "no set structure was counted (" + why + ")");
    lineUnconfirmed(ctx, target.element, why);
}

void measureAssociativity(RunContext& ctx, const CacheTarget& target) {
    if (const auto owner = setStructureMeasuredAs(ctx.topology(), target.element)) {  // its capacity, if counted
        const Attribute* shared = ctx.topology().find(target.element, attr::sharedWith);
        shareCapacity(ctx, target.element, *owner, std::string(displayName(*owner)), shared->confidence);
        lineOfOwner(ctx, target.element, *owner);
        return;
    }
    const Attribute* size = decided(ctx, target.element, attr::size);
    const Attribute* line = decided(ctx, target.element, attr::lineSize);
    // No line size at all (no row of its sweep thrashed; not one it doubted, which a neighbour
    // can make): the fetch granularity stands in, and the set index's line, probed again, gives
    // the line (lineFromTheIndex).
    const Attribute* modelLine = ctx.topology().find(target.element, attr::lineSize);
    const Attribute* fetch = line || (modelLine && modelLine->value > 0) ? nullptr : usableFetchGranularity(ctx, target.element);
    const bool standIn = !line && fetch && fetch->value > 0 && fetch->marks.empty();
    if (standIn) line = fetch;
    if (!size || !line || line->value <= 0) {
        reportUncounted(ctx, target, "size or line size unknown");
        return;
    }
    // Ways and sets rest on the capacity and the line: a neighbour's mark on them carries over,
    // also one that doubts the capacity only for the neighbour's lines in the cache (sets derived
    // from it move with it: an H200's L2 read 14656 sets at 0.6 beside gpu_stress, 14336 alone).
    noteIfDisturbed(ctx, target.element, size);
    noteIfDisturbed(ctx, target.element, line);
    const auto bytes = static_cast<std::uint64_t>(size->value);
    const Attribute knee = *size;  // the size sweep's, before the capacity may replace it
    const auto lineBytes = static_cast<std::uint64_t>(line->value);
    const std::string id = seriesId(target, "associativity");
    ctx.beginStep(target.title + " Associativity", "strides of the whole size");
    ctx.openSeries(id, target.title + " Associativity", SeriesKind::Sharing, target.element);  // labelled rows, as the replacement policy's
    try {
        const Attribute* fg = usableFetchGranularity(ctx, target.element);
        const std::uint64_t sector = fg ? std::min(lineBytes, static_cast<std::uint64_t>(fg->value)) : lineBytes;
        const auto maxWays = static_cast<std::uint32_t>(
            std::clamp<std::uint64_t>(ctx.backend().maxArrayBytes(target.space) / bytes, 2, kMaxWays + 1) - 1);
        // The set structure probed in lines of `probedLine` bytes.
        const auto probeIn = [&](std::uint64_t probedLine, std::uint64_t sectorBytes) {
            Probe probe{ctx, target, id, capacityMissThreshold(ctx, target.space, bytes, probedLine, id), sectorBytes};
            probe.maxWays = maxWays;
            return probeSets(probe, bytes, bytes / probedLine);
        };
        // A line longer than the cache's (two AMD L2s of 128 B lines read 256 B): a pass at its
        // stride touches only some lines and hits throughout, so the set structure is probed in
        // the fetch granularity's lines, and the index's line found there decides as below.
        const SetProbe s = [&] {
            try {
                return probeIn(lineBytes, sector);
            } catch (const NoCapacityMiss&) {
                if (sector >= lineBytes) throw;
                return probeIn(sector, sector);
            }
        }();
        // The index sees other lines than the line-size benchmark read: probed again in the
        // index's lines, the set structure counts in them, and finding that line again makes it
        // the line size (a sectored cache's model reads its sector: random NVIDIA #1010's L1,
        // 128 B lines of 64 B sectors, read 64 B and had its right 6 ways held at 0.5).
        if (s.lineBit >= 0 && (std::uint64_t{1} << s.lineBit) != lineBytes) {
            const std::uint64_t indexLine = std::uint64_t{1} << s.lineBit;
            const SetProbe t = indexLine < bytes ? probeIn(indexLine, std::min(indexLine, sector)) : SetProbe{};
            if (indexLine < bytes && t.lineBit == s.lineBit) {
                lineFromTheIndex(ctx, target.element, indexLine, lineBytes, standIn, id);
                const SetDecision decision = decideSets(t, bytes / indexLine);
                reportSets(ctx, target.element, decision, id);
                reportCapacity(ctx, target.element, knee, decision, static_cast<double>(indexLine), id);
                return;
            }
        }
        const SetDecision decision = decideSets(s, bytes / lineBytes);
        reportSets(ctx, target.element, decision, id);
        reportCapacity(ctx, target.element, knee, decision, static_cast<double>(lineBytes), id);
        if (standIn && s.lineBit >= 0 && (std::uint64_t{1} << s.lineBit) == lineBytes)
            lineFromTheIndex(ctx, target.element, lineBytes, lineBytes, standIn, id);
        else if (standIn) doubtTheLine(ctx, target.element, s.lineBit >= 0 ? s.lineBit : std::countr_zero(lineBytes), id);
        else if (s.lineBit < 0) lineUnconfirmed(ctx, target.element, "no set's lines were found to flip its address bits in");
        else if ((std::uint64_t{1} << s.lineBit) != lineBytes) doubtTheLine(ctx, target.element, s.lineBit, id);
    } catch (const BackendError& e) {
        if (e.deviceLost()) throw;
        reportUncounted(ctx, target, std::string("sequence chase: ") + e.what());
    } catch (const NoCapacityMiss& e) {
        reportUncounted(ctx, target, e.what());
        // The line-size benchmark's capacity model took that size for the capacity, or read too
        // long a line.
        if (const Attribute* line = ctx.topology().find(target.element, attr::lineSize))
            if (const auto held = heldTo(*line, kDoubtedLineConfidence, std::string("the capacity walk at this line contradicts it: ") + e.what()))
                ctx.revise(target.element, *held);
    }
}

}  // namespace ts
