#include "benchmarks/size_search.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <optional>

#include "analysis/analysis.hpp"
#include "benchmarks/cache_common.hpp"
#include "analysis/miss_onset.hpp"
#include "analysis/miss_rule.hpp"
#include "model/byte_text.hpp"
#include "analysis/robust.hpp"
#include "benchmarks/sweep_runner.hpp"

namespace ts {
namespace {

constexpr int kSweepPoints = 17;

std::vector<std::uint64_t> evenlySpaced(std::uint64_t lo, std::uint64_t hi, std::uint32_t align) {
    std::vector<std::uint64_t> sizes;
    for (int i = 0; i < kSweepPoints; ++i) {
        const double x = static_cast<double>(lo) + (static_cast<double>(hi - lo) * i) / (kSweepPoints - 1);
        const auto aligned = static_cast<std::uint64_t>(x) / align * align;
        if (aligned >= lo && (sizes.empty() || aligned > sizes.back())) sizes.push_back(aligned);
    }
    if (sizes.empty() || sizes.back() != hi) sizes.push_back(hi);
    return sizes;
}

// Bracket [last fitting, first missing] from the rows measured so far (sorted by x).
template <typename Misses>
std::pair<std::uint64_t, std::uint64_t> bracketByRule(const Series& sorted, const Misses& misses) {
    std::uint64_t lastFit = static_cast<std::uint64_t>(sorted.rows.front().x);
    for (const auto& row : sorted.rows) {
        if (misses(row.latencies)) return {lastFit, static_cast<std::uint64_t>(row.x)};
        lastFit = static_cast<std::uint64_t>(row.x);
    }
    return {lastFit, lastFit};
}

// The size is where misses begin. A cache whose replacement keeps part of an oversized array
// shows a ramp of partial misses before the full step; the strongest change point may sit at
// the top of that ramp. So the change point is sought again among the rows before it, as long
// as one is clean there (confidence >= 0.95, which flat noise reaches in about 0.1 % of
// series, docs/methods.md): the first clean rise is the onset.
ChangePoint onsetOf(ChangePoint cp, const Series& sorted) {
    constexpr double kCleanStep = 0.95;
    while (cp.found && cp.index >= 3) {
        Series before = sorted;
        before.rows.resize(cp.index);
        const ChangePoint earlier = findChangePoint(before);
        if (!earlier.found || earlier.confidence < kCleanStep) break;
        cp = earlier;
    }
    return cp;
}

// The rows of one array size each; the samples span the whole array: a replacement policy or a
// set hash that keeps part of an oversized array shows its misses somewhere, not necessarily at
// the start. The first 256 loads alone cover 8 KiB of an L2-sized array: on the H200 they missed
// the sparse conflicts from 24.7 MiB on, and the size moved by 15 % between runs. The timed pass
// then walks the whole array, which doubles an L2 row's cost.
// A sampled row (spec.sampled) instead times consecutive loads of a one-cycle permutation whose
// step is the array over the timed loads (in strides, made co-prime with their count): the loads
// cover the whole array once, evenly, without walking it. The step runs forward, not scattered
// (a golden-section step does as well on an L2), so the loads cross pages in order: a scattered
// step touches a new page on almost every load and a first-level TLB that reaches less than the
// array would add a step of its own.
}  // namespace

std::uint64_t spreadStep(std::uint64_t bytes, std::uint32_t stride, std::uint32_t loads) {
    const std::uint64_t count = bytes / stride;
    if (count < 2) return 0;
    std::uint64_t step = std::max<std::uint64_t>(1, count / std::max<std::uint32_t>(1, loads));
    while (std::gcd(step, count) != 1) ++step;
    return step < count ? step * stride : 0;
}

namespace {

ChaseRequest sizeRequest(const SizeSearchSpec& spec, std::uint64_t bytes) {
    ChaseRequest r = chaseOver(spec.space, bytes, spec.strideBytes, spec.splitAboveBytes);
    if (spec.sampled && !r.second) {
        r.warmupPasses = 2;
        r.blockWarmup = true;
        r.recordLoads = spec.recordLoads;
        r.permutationStepBytes = spreadStep(r.arrayBytes, r.strideBytes, r.recordLoads);
        r.unit = spec.unit;
        return r;
    }
    r.warmupPasses = 1;
    const std::uint64_t perPass = (r.arrayBytes + r.strideBytes - 1) / r.strideBytes;
    // At most one pass's loads beyond the first 256: timed loads that wrap around a small array
    // repeat its pattern of misses, and its rows then spread too widely for the change point.
    r.recordLoads = static_cast<std::uint32_t>(std::min<std::uint64_t>(spec.recordLoads, std::max<std::uint64_t>(256, perPass)));
    r.recordEvery = timedLoadSpacing(perPass, r.recordLoads, r.strideBytes);
    r.unit = spec.unit;
    return r;
}

// Another context can move a size without a gap in any row: it evicts our lines between two of
// our kernels, and a row whose kernel warmed them is not moved by that, but the search's rows
// came at different times. So the rows that decide are measured again, later: the smallest
// array (the hit reference: its median within 1.5x of the first one's), one well inside the
// size (0.9x the edge: it must fit) and one well past the onset of misses (1.25x: it must miss).
// Margins, not the edge rows themselves: a replacement ramp makes those differ by chance.
bool kneeRepeats(RunContext& ctx, const MissCut& cut, const SizeSearchSpec& spec,
                 const std::vector<std::uint32_t>& referenceRow, double edgeBytes, double onsetBytes) {
    const auto again = [&](double bytes) {
        const auto aligned = std::max<std::uint64_t>(alignDown(static_cast<std::uint64_t>(bytes), spec.strideBytes), spec.strideBytes);
        return SeriesRow{static_cast<double>(aligned), 0, {}, 0, ctx.chase(sizeRequest(spec, aligned)).latencies};
    };
    if (differentLevels(referenceRow, again(static_cast<double>(spec.startBytes)).latencies)) return false;
    if (0.9 * edgeBytes > static_cast<double>(spec.startBytes) && !cut.fits(again(0.9 * edgeBytes))) return false;
    // A sampled row just past the onset misses only in part: 1.25x still misses by count.
    return 1.25 * onsetBytes > static_cast<double>(spec.limitBytes) || !cut.fits(again(1.25 * onsetBytes));
}

// Knees up to here are confirmed; an L2's rows (tens of MiB, the whole array timed) would add a
// second or more to a quiet run, and an L2 size beside a neighbour stays under the strict rule.
constexpr double kConfirmBytes = 4 << 20;

// Rows past the knee for the plot only (SizeSearch::showPastKnee) up to here.
constexpr std::uint64_t kShownOnlyBytes = 1 << 20;

bool disturbedSoFar(RunContext& ctx) { return ctx.guard() && ctx.guard()->windowDisturbed(); }

// The array size where misses begin, and how the edge rule moved it off the change point.
struct SizeEdge {
    double bytes = 0;
    std::string note;
};

// One size search (docs/methods.md, "Size"): 1. exponential search for a bracket, 2. coarse and
// 3. fine sweep over it, 4. the edge where misses begin.
class SizeSearch {
public:
    SizeSearch(RunContext& ctx, const SizeSearchSpec& spec)
        : ctx_(ctx), spec_(spec), runner_(ctx, spec.seriesId, spec.title, spec.kind, spec.element) {}

    SizeSearchOutcome run() {
        ctx_.beginStep(spec_.title, "exponential search from " + preciseBytesText(spec_.startBytes));
        std::vector<std::uint64_t> doublings;
        for (std::uint64_t s = spec_.startBytes; s <= spec_.limitBytes; s *= 2) doublings.push_back(s);
        if (doublings.size() < 2) return {false, spec_.startBytes, 0, true, "search range too small"};
        const auto [lo, hi] = bracketByDoubling(doublings);
        if (stopped_) {
            finishSeries();
            return *stopped_;
        }
        // Rows past the bracket (the confirming double) may show the next level's step: shown, not analysed.
        if (hi) runner_.showOnlyAbove(static_cast<double>(hi));
        if (!hi) {
            finishSeries();
            return {false, doublings.back(), 0, true,
                    "no capacity knee up to " + preciseBytesText(doublings.back()) + ": the cache is at least this large"};
        }
        const ChangePoint final = sweep(lo, hi);
        const SizeEdge edge = final.found ? edgeOf(final, lo) : SizeEdge{final.x, ""};
        showPastKnee(hi);
        finishSeries();
        return outcomeOf(final, edge);
    }

private:
    // The last reduction and change point over every analysed row, as a recording's replay computes
    // them again (RunWorker::replay), then the series sorted into the topology.
    void finishSeries() {
        runner_.changePoint();
        runner_.finish();
    }

    // After the decision: doublings past the bracket, for the plot only, until a quarter of its
    // logarithmic x range or more lies past the knee (a row up to `hi` times (hi / start)^(1/3)).
    // Small arrays only (rows of microseconds); an L2-sized search keeps what it measured.
    void showPastKnee(std::uint64_t hi) {
        const double wanted = static_cast<double>(hi) * std::cbrt(static_cast<double>(hi) / static_cast<double>(spec_.startBytes));
        if (spec_.sampled) return;
        const std::uint64_t ceiling = std::min<std::uint64_t>(spec_.limitBytes, kShownOnlyBytes);
        std::vector<ChaseRequest> requests;
        std::vector<double> xs;
        for (std::uint64_t bytes = 4 * hi; bytes <= ceiling && static_cast<double>(bytes) / 2 < wanted; bytes *= 2) {
            requests.push_back(sizeRequest(spec_, bytes));
            requests.back().shownOnly = true;
            xs.push_back(static_cast<double>(bytes));
        }
        if (requests.empty()) return;
        ctx_.beginStep(spec_.title, "past the knee, for the plot: up to " + preciseBytesText(static_cast<std::uint64_t>(xs.back())));
        runner_.showAlso(requests, xs);
    }

    std::vector<std::vector<std::uint32_t>> measure(const std::vector<std::uint64_t>& sizes) {
        std::vector<ChaseRequest> requests;
        std::vector<SeriesRow> rows;
        for (auto bytes : sizes) {
            requests.push_back(sizeRequest(spec_, bytes));
            rows.push_back(SeriesRow{static_cast<double>(bytes), 0, {}, 0, {}});
        }
        return runner_.run(requests, spec_.batchable, rows);
    }

    // 1. The bracket [last doubling that fits, first that misses]; {0, 0} when every doubling fits.
    // Sets the hit reference from the smallest doubling.
    std::pair<std::uint64_t, std::uint64_t> bracketByDoubling(const std::vector<std::uint64_t>& doublings) {
        // Unit-private caches: all small doublings at once, one per unit; larger ones one by one.
        constexpr std::uint64_t kBatchedDoublingsUpTo = 4ull << 20;
        std::size_t batched = 1;
        while (spec_.batchable && batched < doublings.size() && doublings[batched] <= kBatchedDoublingsUpTo) ++batched;
        const auto firstRows = measure({doublings.begin(), doublings.begin() + static_cast<long>(batched)});
        referenceRow_ = firstRows.front();
        reference_ = hitReference(referenceRow_);
        // The bracket closes at the first size that shows misses and whose double does too: a cache
        // full at A is full at 2A, so a lone slow row (a disturbed launch) does not end the search.
        std::vector<int> missesAt(doublings.size(), -1);  // -1 not measured yet
        if (spec_.sampled) referenceCut_ = farMissCut();
        const auto missesAtIndex = [&](std::size_t i) {
            if (missesAt[i] < 0)
                missesAt[i] = rowMisses(i < batched ? firstRows[i] : measure({doublings[i]}).front()) ? 1 : 0;
            return missesAt[i] == 1;
        };
        // Arrays of hundreds of MiB take long chases: beside another context (a disturbed reference
        // row hides every knee) the search stops there rather than walking up to the limit.
        constexpr std::uint64_t kLongRows = 256ull << 20;
        for (std::size_t i = 1; i < doublings.size(); ++i) {
            if (doublings[i] >= kLongRows && disturbedSoFar(ctx_)) {
                stopped_ = SizeSearchOutcome{false, doublings[i - 1], 0, true,
                                             "search stopped at " + preciseBytesText(doublings[i - 1]) + ": another context disturbed it"};
                return {0, 0};
            }
            if (!missesAtIndex(i)) continue;
            if (i + 1 < doublings.size() && !missesAtIndex(i + 1)) continue;
            return {doublings[i - 1], doublings[i]};
        }
        return {0, 0};
    }

    // The count rule of sampled rows with its fence halfway to the level of loads that surely
    // miss: those of an array twice the API's L2 size (or 64 x the start row), shown beside the
    // sweep. Against the hit row's own fence, a first-level TLB that reaches less than the array
    // made the loads that cross a page count as misses, and the TLB's reach read as the size (a
    // simulated L2 of 25 MiB behind 16 pages of 64 KiB read as 1 MiB).
    MissCut farMissCut() {
        const std::uint64_t api = ctx_.device().l2SizeBytes;
        const std::uint64_t bytes =
            alignDown(std::min(spec_.limitBytes, api > 0 ? 2 * api : 64 * spec_.startBytes), spec_.strideBytes);
        if (bytes <= 4 * spec_.startBytes) return referenceCut(referenceRow_, reference_.fence);
        ctx_.beginStep(spec_.title, "miss reference at " + preciseBytesText(bytes));
        ChaseRequest request = sizeRequest(spec_, bytes);
        request.shownOnly = true;  // out of the series' analysis, as the rows past the knee
        const auto far = runner_.showAlso({request}, {static_cast<double>(bytes)}).front();
        farMissLevel_ = missLevel(far, reference_.fence, true);
        return referenceCut(referenceRow_, std::max(reference_.fence, (reference_.median + farMissLevel_) / 2));
    }

    // 2. Coarse sweep over the bracket, 3. fine sweep between the two rows around the change;
    // the onset of the change over every row.
    ChangePoint sweep(std::uint64_t lo, std::uint64_t hi) {
        ctx_.beginStep(spec_.title, "sweep " + bytesText(lo) + " to " + bytesText(hi));
        measure(evenlySpaced(lo, hi, spec_.strideBytes));
        ChangePoint coarse = runner_.changePoint();
        auto [fineLo, fineHi] = bracketByRule(runner_.sorted(), [this](const auto& row) { return rowMisses(row); });
        if (coarse.found && coarse.index > 0) {
            fineLo = static_cast<std::uint64_t>(runner_.sorted().rows[coarse.index - 1].x);
            fineHi = static_cast<std::uint64_t>(runner_.sorted().rows[coarse.index].x);
        }
        if (fineHi > fineLo + spec_.strideBytes) {
            ctx_.beginStep(spec_.title, "refine " + bytesText(fineLo) + " to " + bytesText(fineHi));
            measure(evenlySpaced(fineLo, fineHi, spec_.strideBytes));
        }
        ChangePoint final = runner_.changePoint();
        // Sampled rows just past the knee miss in a few per cent of their loads only: refined at
        // the edge (where the count rule put the bracket), the change point may have a single row
        // of the level after the knee to stand on (the H200, one run in three). The top of the
        // bracket, where most rows miss, gives it that level.
        const std::uint64_t topLo = alignDown(hi - (hi - lo) / 16, spec_.strideBytes);
        if (spec_.sampled && !final.found && topLo > fineHi) {
            ctx_.beginStep(spec_.title, "past the knee " + bytesText(topLo) + " to " + bytesText(hi));
            measure(evenlySpaced(topLo, hi, spec_.strideBytes));
            final = runner_.changePoint();
        }
        return onsetOf(final, runner_.sorted());
    }

    // 4. SizeEdge: a replacement that keeps part of an oversized array makes misses ramp up, and the
    // change point may sit anywhere on the ramp. The size is the largest array below the onset of
    // misses, refined between it and the onset row when that gap is wider than 1 %.
    // `fittingUpTo`: the exponential search's last size without misses.
    SizeEdge edgeOf(const ChangePoint& final, std::uint64_t fittingUpTo) {
        SizeEdge edge{final.x, ""};
        const MissCut cut =
            missCut(reference_, runner_.sorted(), static_cast<double>(fittingUpTo), spec_.sampled, farMissLevel_);
        std::size_t onset = missOnset(runner_.sorted(), cut, spec_.sampled);
        // Again while the gap stays wide: the rows of one edge sweep can move the onset up to a
        // row whose gap below was never swept (an H100 run: misses by chance in a 23 MiB row, the
        // sweep 22-23 MiB clean, the onset then at 24 MiB over an unswept 1 MiB).
        for (int sweeps = 0; sweeps < 3; ++sweeps) {
            const auto gapLow = rowBelow(runner_.sorted(), onset);
            if (!gapLow) break;
            const auto loBytes = static_cast<std::uint64_t>(*gapLow);
            const auto hiBytes = static_cast<std::uint64_t>(runner_.sorted().rows[onset].x);
            if (hiBytes <= loBytes + spec_.strideBytes || static_cast<double>(hiBytes - loBytes) <= 0.01 * *gapLow) break;
            ctx_.beginStep(spec_.title, "edge " + bytesText(loBytes) + " to " + bytesText(hiBytes));
            measure(evenlySpaced(loBytes, hiBytes, spec_.strideBytes));
            onset = missOnset(runner_.sorted(), cut, spec_.sampled);
        }
        confirmKnee(cut, onset, final.x);
        if (const auto below = rowBelow(runner_.sorted(), onset)) {
            edge.bytes = *below;
            if (edge.bytes != final.x) edge.note = edgeNote(runner_.sorted().rows[onset].x, edge.bytes, final.x);
        }
        return edge;
    }

    // The decisive rows of a knee small enough to repeat cheaply, measured again (kneeRepeats).
    void confirmKnee(const MissCut& cut, std::size_t onset, double changeBytes) {
        const auto& rows = runner_.sorted().rows;
        const double onsetBytes = onset < rows.size() ? rows[onset].x : 0;
        // Sampled rows cost the same at any size: their knee is always confirmed.
        if (onsetBytes <= 0 || (!spec_.sampled && 1.25 * onsetBytes > kConfirmBytes) || !ctx_.guard()) return;
        const double fitBytes = rowBelow(runner_.sorted(), onset).value_or(changeBytes);
        ctx_.beginStep(spec_.title, "decisive rows again");
        if (kneeRepeats(ctx_, cut, spec_, referenceRow_, fitBytes, onsetBytes)) ctx_.noteConfirmed();
        else ctx_.noteDisagreement(spec_.title);
    }

    SizeSearchOutcome outcomeOf(const ChangePoint& final, const SizeEdge& edge) const {
        SizeSearchOutcome outcome;
        if (final.found) {
            outcome.decided = true;
            outcome.bytes = static_cast<std::uint64_t>(edge.bytes);
            outcome.confidence = final.confidence;
            outcome.reason = final.reason + edge.note;
        } else {
            const auto [lastFit, firstMiss] =
                bracketByRule(runner_.sorted(), [this](const auto& row) { return rowMisses(row); });
            (void)firstMiss;
            outcome.bytes = lastFit;
            outcome.reason = "no significant change point: " + final.reason;
        }
        return outcome;
    }

    // The miss rule of the search's rows: the median rule (docs/methods.md), or for sampled rows
    // the count of loads above the hit fence against chance.
    bool rowMisses(const std::vector<std::uint32_t>& row) const {
        return spec_.sampled ? !referenceCut_.fits(row) : showsMisses(reference_, row);
    }

    RunContext& ctx_;
    const SizeSearchSpec& spec_;
    SweepRunner runner_;
    HitReference reference_;
    MissCut referenceCut_;
    std::vector<std::uint32_t> referenceRow_;
    double farMissLevel_ = 0;  // sampled rows: the level of loads that surely miss (farMissCut)
    std::optional<SizeSearchOutcome> stopped_;  // the search gave up beside another context
};

}  // namespace

SizeSearchOutcome searchSize(RunContext& ctx, const SizeSearchSpec& spec) {
    if (spec.smallestBytes == 0 || spec.smallestBytes >= spec.startBytes) return SizeSearch(ctx, spec).run();
    const auto row = [&](std::uint64_t bytes) { return ctx.chase(sizeRequest(spec, bytes)).latencies; };
    // One load in twenty missing is no delayed load (one in several hundred): the start row does not fit.
    constexpr double kStartRowMisses = 0.05;
    if (shareAbove(hitReference(row(spec.smallestBytes)).fence, row(spec.startBytes)) <= kStartRowMisses)
        return SizeSearch(ctx, spec).run();
    SizeSearchSpec lower = spec;  // the start row already misses: a cache smaller than it
    lower.startBytes = spec.smallestBytes;
    return SizeSearch(ctx, lower).run();
}

}  // namespace ts
