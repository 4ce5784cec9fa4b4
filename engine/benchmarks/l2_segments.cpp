#include <algorithm>
#include <cmath>
#include <sstream>
#include <string>

#include "analysis/analysis.hpp"
#include "benchmarks/attributes.hpp"
#include "benchmarks/cache_benchmarks.hpp"
#include "benchmarks/cache_common.hpp"
#include "analysis/robust.hpp"
#include "benchmarks/unit_benchmarks.hpp"
#include "model/attribute_names.hpp"
#include "model/byte_text.hpp"
#include "model/percent_text.hpp"

namespace ts {
namespace {

// "2.14": a ratio to three significant digits, for reasons.
std::string timesText(double ratio) {
    std::ostringstream out;
    out.precision(3);
    out << ratio;
    return out.str();
}

// Issue 21: the knee is what one unit can use of its own partition, never more than the partition
// (API size / P) and, unless the partitions are finer than measured, more than API / (P + 1). With
// P measured from the far loads, the fraction is P where the knee lies in that band; the knee
// need not be a whole share of the API size (23.1 of 25 MiB on the H100, 23.7 of 30 on the H200:
// lines a unit cannot keep in its partition). Without P, or where the API counts one partition
// only, the nearest whole ratio within 0.25.
void reportFraction(RunContext& ctx, const Attribute& knee, const Attribute& partitions) {
    const double api = static_cast<double>(ctx.device().l2SizeBytes);
    if (api <= 0 || knee.value <= 0) return;
    const double ratio = api / knee.value;
    const std::string share = "the knee, " + bytesText(static_cast<std::uint64_t>(knee.value)) + ", is " +
                              percentText(knee.value / api) + " of the API L2 size, " +
                              bytesText(static_cast<std::uint64_t>(api));
    Attribute a;
    a.name = attr::segmentFraction;
    a.evidence = knee.evidence;
    constexpr double kWholeTolerance = 0.25;
    const double k = std::max(1.0, std::round(ratio));
    const bool whole = std::abs(ratio - k) <= kWholeTolerance;
    // Partitions of one L2 that the API counts whole: each holds at most API / P. Where the knee is
    // larger, the API counts one of them (the XCDs of an AMD GPU, each with its own L2).
    const bool partsOfApiSize = partitions.isDecidedQuantity() && knee.value <= api / partitions.value;
    if (partsOfApiSize && !(whole && k == partitions.value)) {
        const double p = partitions.value;
        a.method = "measured partitions, knee within (API / (P + 1), API / P]";
        if (knee.value <= api / p && knee.value > api / (p + 1)) {
            a.value = p;
            a.confidence = std::min(knee.confidence, partitions.confidence);
            a.reason = share + ": one of the " + std::to_string(static_cast<int>(p)) + " measured partitions (" +
                       percentText(knee.value * p / api) + " of it usable by one unit)";
        } else {
            a = undecided(attr::segmentFraction, share + ": the API size is " + timesText(ratio) + " times the knee, not between " +
                                                         std::to_string(static_cast<int>(p)) + " and " +
                                                         std::to_string(static_cast<int>(p) + 1) + " times for the " +
                                                         std::to_string(static_cast<int>(p)) + " measured partitions");
            a.method = "measured partitions, knee within (API / (P + 1), API / P]";
            a.evidence = knee.evidence;
        }
        ctx.report(Element::L2, a);
        return;
    }
    // Without a partition count (or where it agrees): the nearest whole ratio; one that far from
    // a whole number is no fraction, and rounding it would flip between runs.
    if (!whole)
        a = undecided(attr::segmentFraction, share + ": the API size is " + timesText(ratio) +
                                                     " times the knee, not within 0.25 of a whole number");
    a.name = attr::segmentFraction;
    a.method = "nearest 1/k of the API L2 size to the measured knee";
    a.evidence = knee.evidence;
    if (whole) {
        a.value = k;
        a.confidence = knee.confidence;
        a.reason = share;
    }
    ctx.report(Element::L2, a);
}

// The latencies of near and far hits, and what a hit in another unit's segment costs over one
// in its own: the difference of their medians (the timer overhead in both cancels). None of a
// level without loads there (one segment for every unit: no far hits, no penalty).
void reportSegmentLatencies(RunContext& ctx, const CacheTarget& target, const std::string& evidence, double confidence,
                            const std::vector<std::uint32_t>& nearLoads, const std::vector<std::uint32_t>& farLoads) {
    const std::string method = "p-chase, data filled by another unit";
    for (const auto& [name, loads] : {std::pair{attr::nearLatency, &nearLoads}, std::pair{attr::farLatency, &farLoads}}) {
        if (!loads->empty()) ctx.report(target.element, latencyAttribute(name, *loads, evidence, method));
    }
    if (nearLoads.empty() || farLoads.empty()) return;
    Attribute penalty;
    penalty.name = attr::farPenalty;
    penalty.value = median(farLoads) - median(nearLoads);
    penalty.method = method;
    penalty.confidence = confidence;  // as sure as the split of the units into segments
    penalty.evidence = evidence;
    penalty.reason = "median far-segment hit minus median near-segment hit";
    ctx.report(target.element, penalty);
}

// One round of the grouping: what each unit decided against the filler.
struct SegmentRound {
    int filler = 0;
    std::vector<int> units;  // the filler first
    std::vector<bool> same;  // per unit: in the filler's segment
    double threshold = 0;    // far load: slower than this
    bool separable = false;
    std::size_t tolerance = 0;
    std::uint32_t stride = 0;

    // Far loads of one reading: slower than the round's split, not counting the loads that start a
    // page, which a reader's cold TLB charges (a TLB of 64 pages of 4 KiB put 8 slow loads in
    // every other unit's reading of 32 KiB and split a one-segment L2 into 6).
    std::size_t farCount(const std::vector<std::uint32_t>& loads) const {
        std::size_t far = 0;
        for (std::size_t k = 0; k < loads.size(); ++k) far += separable && !startsAPage(k, stride) && loads[k] > threshold ? 1 : 0;
        return far;
    }
};


// Beside another context (the guard saw one), every unit's verdict is measured again: each row is
// one kernel (the filler fills, the reader reads), so a neighbour's slice between two kernels
// cannot move it, but one inside a kernel can, and shows as a verdict that does not repeat. All
// repeating confirms the grouping (InterferenceGuard::noteConfirmed); one that does not is a
// disagreement.
void confirmGrouping(RunContext& ctx, const CacheTarget& target, const std::vector<SegmentRound>& rounds,
                     std::uint64_t bytes, std::uint32_t stride) {
    InterferenceGuard* guard = ctx.guard();
    if (!guard || !(guard->windowDisturbed() || guard->neighbourSeen())) return;
    ctx.beginStep("L2 Segments", "every unit's verdict again");
    for (const SegmentRound& round : rounds) {
        const std::size_t fillerFar = round.farCount(readFilledBy(ctx, target, round.filler, round.filler, bytes, stride));
        for (std::size_t i = 0; i < round.units.size(); ++i) {
            const auto loads = readFilledBy(ctx, target, round.units[i], round.filler, bytes, stride);
            if ((round.farCount(loads) <= fillerFar + round.tolerance) != round.same[i]) {
                ctx.noteDisagreement("L2 Segments");
                return;
            }
        }
    }
    ctx.noteConfirmed();
}

}  // namespace

// A filler unit fills an array; every unresolved unit then times it cold. Each load is a
// near hit (the line is in the reader's own segment), a far hit, or a miss; the levels split
// all loads pooled (Otsu). The filler's lines sit in its own segment, so units that share it
// see (almost) no far loads, and the others do. The units with no more far loads than the
// filler form its group; the rest go to the next round with a new filler, until every unit
// has a group.
void measureL2Segments(RunContext& ctx, const CacheTarget& target) {
    const Attribute* knee = decided(ctx, target.element, attr::size);
    if (!knee) {
        ctx.report(target.element, undecided(attr::segments, "L2 knee unknown"));
        return;
    }
    // A copy: the reports below may grow the element's attribute list and move `knee`.
    const double kneeBytes = knee->value;
    Attribute segmentSize = *knee;
    segmentSize.name = attr::segmentSize;
    segmentSize.reason = "measured knee of an L1-bypassing sweep on one unit (usable L2 per unit)";
    ctx.report(target.element, segmentSize);

    const int units = ctx.device().unitCount;
    const std::uint32_t stride = lineStride(ctx, target);
    const std::uint64_t bytes = segmentReadBytes(kneeBytes, stride);
    const std::string id = "l2.segments";
    ctx.openSeries(id, "L2 Segments", SeriesKind::Sharing, target.element);

    std::vector<std::vector<int>> groups;
    std::vector<SegmentRound> rounds;
    std::vector<bool> consistent;
    std::vector<std::uint32_t> nearLoads, farLoads;
    std::vector<int> unresolved(static_cast<std::size_t>(units));
    for (int u = 0; u < units; ++u) unresolved[static_cast<std::size_t>(u)] = u;
    while (!unresolved.empty()) {
        const int filler = unresolved.front();
        ctx.beginStep("L2 Segments", "units reading what unit " + std::to_string(filler) + " filled");
        std::vector<std::vector<std::uint32_t>> samples;
        std::vector<std::uint32_t> pooled;
        std::vector<SeriesRow> rows;
        for (int u : unresolved) {
            samples.push_back(readFilledBy(ctx, target, u, filler, bytes, stride));
            const auto kept = inPageLoads(samples.back(), stride);
            pooled.insert(pooled.end(), kept.begin(), kept.end());
            rows.push_back(SeriesRow{static_cast<double>(u), static_cast<double>(filler),
                                     "filled by " + std::to_string(filler), median(samples.back()), samples.back()});
        }
        ctx.appendRows(id, std::move(rows));
        const HitMissSplit split = splitHitMiss(pooled);
        auto slow = [&](std::uint32_t l) { return split.separable && l > split.threshold; };

        // A unit shares the filler's segment when it sees no more far loads than the filler does.
        // Counting, not load-by-load agreement: on the H200 a unit of the other segment pays the
        // far latency on the first 32 lines only (later lines come from its own segment), so its
        // pattern agrees with the filler's on most loads although it is clearly far.
        const std::size_t loadsPerUnit = samples.front().size();
        const std::size_t tolerance = std::max<std::size_t>(4, loadsPerUnit / 50);
        rounds.push_back({filler, unresolved, {}, split.separable ? split.threshold : 0, split.separable, tolerance, stride});
        SegmentRound& round = rounds.back();
        const std::size_t fillerFar = round.farCount(samples.front());
        std::vector<int> group, rest;
        bool clear = true;
        for (std::size_t i = 0; i < unresolved.size(); ++i) {
            const std::size_t far = round.farCount(samples[i]);
            const bool same = far <= fillerFar + tolerance;
            round.same.push_back(same);
            // Far units of the H200 show 32 far loads, near ones 0 or 1: a count in between is doubtful.
            if (far > fillerFar + tolerance && far <= fillerFar + 3 * tolerance) clear = false;
            (same ? group : rest).push_back(unresolved[i]);
            for (auto l : inPageLoads(samples[i], stride)) (slow(l) ? farLoads : nearLoads).push_back(l);
        }
        groups.push_back(group);
        consistent.push_back(clear);
        unresolved = rest;
    }

    confirmGrouping(ctx, target, rounds, bytes, stride);

    Attribute segments;
    segments.name = attr::segments;
    segments.method = "far loads over an array another unit filled, counted per reading unit";
    segments.evidence = id;
    segments.value = static_cast<double>(groups.size());
    segments.confidence = std::all_of(consistent.begin(), consistent.end(), [](bool c) { return c; }) ? 1.0 : 0.5;
    for (const auto& g : groups) {
        std::vector<int> members;
        for (int u : g) members.push_back(ctx.device().physicalId(u));
        segments.groups.push_back(members);
    }
    segments.reason = "units grouped by how many far-segment loads they see over an array another unit filled";
    reportFraction(ctx, segmentSize, segments);
    ctx.report(target.element, segments);

    // One segment: every load was near, and the slow ones are outliers or misses, not far hits.
    if (groups.size() < 2) {
        nearLoads.insert(nearLoads.end(), farLoads.begin(), farLoads.end());
        farLoads.clear();
    }
    reportSegmentLatencies(ctx, target, id, segments.confidence, nearLoads, farLoads);
}

}  // namespace ts
