#include "benchmarks/cache_capacity.hpp"

#include <algorithm>
#include <cmath>
#include <sstream>

#include "analysis/even_spread.hpp"
#include "analysis/knee_ramp.hpp"
#include "analysis/miss_rule.hpp"
#include "benchmarks/attributes.hpp"
#include "benchmarks/unit_benchmarks.hpp"
#include "model/attribute_names.hpp"
#include "model/byte_text.hpp"
#include "model/count_text.hpp"

namespace ts {
namespace {

// Above this, the capacity and the knee are two figures (the whole-suite tolerance of a size).
constexpr double kSameFigure = 0.02;
// A size read from the knee of a hashed cache whose sets were not counted.
constexpr double kKneeOnlyConfidence = 0.5;
// A hashed cache's knee this far below its measured capacity lies on a ramp of misses.
constexpr double kRampBelowCapacity = 0.1;
constexpr double kOnARampConfidence = 0.9;
// Where a full set gives up a random line (or a tree-PLRU one), misses come gradually past the
// first full set, and the knee's edge depends on how many a row may have (calibration, session 31:
// a random 8-way hashed L1 read 26816 B at 1.0, its truth 24398-25981 B; of 300 random GPUs, two
// PLRU L1s read 0.5 % and 2.7 % above theirs at 1.0).
constexpr double kGradualKneeConfidence = 0.8;
constexpr const char* kGradualKneeNote =
    " gives up one of a full set's lines, so misses grow gradually past the first full set and where the edge falls "
    "depends on how many misses a row may have";

// The physical-sharing fills were sized from the sizes as the size sweep read them, before any
// turned out a knee. A pair that evicted neither way says nothing where both did: a hashed cache
// of few ways holds far more than its knee (of 300 random GPUs, a direct-mapped 138 KiB L1 read a
// 20 KiB knee, and it and its Read Only path, sized so, came out separate caches at 1.0). Both
// verdicts are held at kKneeOnlyConfidence.
void doubtSeparateKnees(RunContext& ctx, Element element) {
    const Topology& t = ctx.topology();
    const Attribute* mine = t.find(element, attr::sharedWith);
    if (!mine || mine->evidence != kPhysicalSharingSeries) return;
    const std::string myName(displayName(element));
    for (const auto& [other, report] : t.elements) {
        const Attribute* theirs = t.find(other, attr::sharedWith);
        const Attribute* theirSize = t.find(other, attr::size);
        if (other == element || !theirs || theirs->evidence != kPhysicalSharingSeries || !theirSize ||
            theirSize->confidence > kKneeOnlyConfidence)
            continue;
        const std::string otherName(displayName(other));
        if (std::find(mine->names.begin(), mine->names.end(), otherName) != mine->names.end()) continue;
        const std::string why = "both sizes are knees, not counted capacities, so neither fill of the pair was sized to reach every set";
        if (const auto held = heldTo(*mine, kKneeOnlyConfidence, "not one cache with " + otherName + "? " + why))
            ctx.revise(element, *held);
        if (const auto held = heldTo(*theirs, kKneeOnlyConfidence, "not one cache with " + myName + "? " + why))
            ctx.revise(other, *held);
        return;
    }
}

// The size stays the knee, at most kKneeOnlyConfidence, and says why.
void capKneeOnly(RunContext& ctx, Element element, const Attribute& knee, const std::string& why) {
    if (!knee.isDecidedFigure()) return;
    if (const auto size = heldTo(knee, kKneeOnlyConfidence, "the knee of a contiguous chase, not the capacity: " + why)) {
        ctx.report(element, *size);
        doubtSeparateKnees(ctx, element);
    }
}

// The size sweep's knee, kept beside a capacity counted apart from it; `note` says how they differ.
Attribute contiguousKneeFrom(const Attribute& knee, const std::string& note) {
    Attribute contiguous = knee;
    contiguous.name = attr::contiguousKnee;
    contiguous.reason = "the largest contiguous array that still hits" + note + "; " + knee.reason;
    return contiguous;
}

// Why a hashed index leaves the knee where it is, for the reasons of a capped size.
constexpr const char* kHashedKneeMoves = ", and a hashed index can move the knee either way from the capacity";

// A modulo index or full associativity makes the knee the capacity: the size is as sure as
// that verdict (a hashed index read as modulo left a 45-set cache's knee 2 % short).
std::string kneeAsCapacityNote(const SetDecision& d) {
    std::ostringstream note;
    note.precision(2);
    note << "the knee is the capacity as far as the index is " << d.indexFunction << " (decided at " << std::fixed
         << d.indexConfidence << "): a hashed index could move it";
    return note.str();
}

}  // namespace

void reportKneeOnly(RunContext& ctx, Element element, const Attribute& knee, const std::string& why) {
    capKneeOnly(ctx, element, knee, why + ", and a hashed index or the replacement policy can move the knee either way from the capacity");
}

namespace {

// A capacity measured apart from the knee (`how`: how, for the reasons): the size, with the knee
// kept beside it where they differ; a knee above it caps the size instead (a cache holds at least
// the contiguous array that all hit, so such a count counts no capacity).
void reportMeasuredCapacity(RunContext& ctx, Element element, const Attribute& knee, double capacity, double confidence,
                            const std::string& method, const std::string& how, bool hashed, const SetDecision& d,
                            const std::string& evidence) {
    const double apart = (knee.value - capacity) / capacity;
    if (std::abs(apart) <= kSameFigure && !hashed) return;  // the knee is the capacity
    if (apart > kSameFigure) {
        capKneeOnly(ctx, element, knee, how + " holds less than the contiguous knee that all hit, so it counts no capacity" +
                                            (hashed ? kHashedKneeMoves : ""));
        return;
    }
    std::ostringstream apartNote;
    apartNote << "; " << (apart < 0 ? "" : "+") << std::round(apart * 1000) / 10 << " % from the capacity";
    if (hashed) apartNote << " (a hashed index spreads consecutive lines unevenly over the sets, and the replacement "
                             "policy decides which of a full set's lines go)";
    Attribute size = knee;
    size.value = capacity;
    size.method = method;
    size.confidence = std::min(knee.confidence, confidence);
    size.evidence = evidence;
    size.reason = how + "; the contiguous knee reads " + bytesText(static_cast<std::uint64_t>(knee.value));
    ctx.report(element, size);
    Attribute contiguous = contiguousKneeFrom(knee, apartNote.str());
    // Far below the capacity, a hashed cache's misses ramp up over many rows, and where the knee's
    // edge falls on that ramp depends on how many misses a row may have: at most kOnARampConfidence
    // (calibration, session 22: a 6-way scrambled L2's knee read 9.8 MiB at 0.985, its truth
    // 6.0-8.5 MiB, its capacity 12 MiB).
    const auto holdKnee = [&](double cap, const std::string& why) {
        if (const auto held = heldTo(contiguous, cap, why)) contiguous = *held;
    };
    if (hashed && apart < -kRampBelowCapacity)
        holdKnee(kOnARampConfidence, "on a ramp of misses: more than " + std::to_string(static_cast<int>(kRampBelowCapacity * 100)) +
                                         " % below the capacity, where the edge falls depends on how many misses a row may have");
    if (d.randomVictims) holdKnee(kGradualKneeConfidence, std::string("the set search found lines leaving at random: the policy") + kGradualKneeNote);
    // A hashed direct-mapped cache: two lines of one set already conflict, a couple of misses a
    // pass that a row's share barely shows (of 300 random GPUs, a 1-way sL1d of 9984 B read its
    // knee at 10112 B at 0.998, its rows missing 1-3 % from the first conflict at 4.3 KiB on).
    if (hashed && d.ways.decided && d.ways.value == 1)
        holdKnee(kGradualKneeConfidence, "direct-mapped with a hashed index: two lines of one set conflict anywhere below the "
                                         "capacity, a couple of misses a pass that a row's share barely shows");
    // Rows below the knee that already miss: the contiguous array stopped hitting at the first of
    // them, which bounds the knee from above (calibration, session 27: a 2-way hashed sL1d of
    // 15488 B read a knee of 15744 B at 1.0, its rows missing 2-4 % from 8 KiB on, its truth 8 KiB).
    if (const Series* sweep = hashed ? ctx.topology().findSeries(knee.evidence) : nullptr)
        if (const auto ramp = missRampStart(*sweep, knee.value)) {
            contiguous.value = *ramp;
            contiguous.upperBound = true;
            contiguous.confidence = std::min(contiguous.confidence, kOnARampConfidence);
            contiguous.reason = "at most " + bytesText(static_cast<std::uint64_t>(*ramp)) +
                                ": from there on more than " + std::to_string(static_cast<int>(kRampMissShare * 100)) +
                                " % of each row's loads miss, a ramp under the size sweep's step at " +
                                bytesText(static_cast<std::uint64_t>(knee.value)) + "; " + contiguous.reason;
        }
    ctx.report(element, contiguous);
}

// The size sweep's rows past the knee: each one's share of loads above halfway from the hit level
// (the sweep's first row) to a miss (the level's miss penalty on top of it).
std::vector<OverflowRow> overflowRows(const Topology& t, Element element, const Attribute& knee) {
    const Series* sweep = t.findSeries(knee.evidence);
    const Attribute* penalty = t.find(element, attr::missPenalty);
    if (!sweep || !penalty || !penalty->isDecidedFigure() || knee.value <= 0) return {};
    const Series rows = analysedRows(*sweep);
    if (rows.rows.empty() || rows.rows.front().latencies.empty()) return {};
    const double fence = hitReference(rows.rows.front().latencies).median + penalty->value / 2;
    std::vector<OverflowRow> past;
    for (const SeriesRow& row : rows.rows)
        if (row.x > knee.value && !row.latencies.empty()) past.push_back({row.x / knee.value, shareAbove(fence, row.latencies)});
    return past;
}

// A hashed cache whose ways were counted but not its sets: where the rows past the knee miss as an
// even spread of the array over the sets would, the knee is the capacity (analysis/even_spread.hpp).
constexpr double kEvenSpreadConfidence = 0.7;
std::optional<EvenSpreadFit> evenSpreadCapacity(RunContext& ctx, Element element, const Attribute& knee, const SetDecision& d) {
    if (!d.ways.decided || d.ways.value < 2) return std::nullopt;
    return fitEvenSpread(overflowRows(ctx.topology(), element, knee), static_cast<std::uint32_t>(d.ways.value));
}

}  // namespace

void reportCapacity(RunContext& ctx, Element element, const Attribute& knee, const SetDecision& d, double lineBytes,
                    const std::string& evidence) {
    if (knee.source != Source::Benchmark || !knee.isDecidedFigure()) return;
    const bool hashed = d.indexFunction == "hashed";
    if (d.ways.decided && setsCountedApart(d)) {
        std::ostringstream how;
        how << static_cast<long long>(d.ways.value) << " ways x " << static_cast<long long>(d.sets.value) << " sets x "
            << static_cast<long long>(lineBytes) << " B (" << d.sets.method << ": " << d.sets.reason << ")";
        reportMeasuredCapacity(ctx, element, knee, d.ways.value * d.sets.value * lineBytes,
                               std::min(d.ways.confidence, d.sets.confidence), "ways x sets x line", how.str(), hashed, d, evidence);
        return;
    }
    if (d.fittedCapacityLines.decided) {
        const auto lines = static_cast<long long>(d.fittedCapacityLines.value);
        reportMeasuredCapacity(ctx, element, knee, d.fittedCapacityLines.value * lineBytes, d.fittedCapacityLines.confidence,
                               "random-fill", countText(lines) + " lines of " + std::to_string(static_cast<long long>(lineBytes)) +
                                                  " B, " + d.fittedCapacityLines.reason,
                               hashed, d, evidence);
        return;
    }
    const std::optional<EvenSpreadFit> even = hashed ? evenSpreadCapacity(ctx, element, knee, d) : std::nullopt;
    if (even && even->fits) {
        std::ostringstream how;
        how << "the contiguous knee, " << static_cast<long long>(d.ways.value) << " ways (" << d.ways.method
            << ") of an index that spreads the array evenly: " << even->reason;
        reportMeasuredCapacity(ctx, element, knee, knee.value, std::min(kEvenSpreadConfidence, d.ways.confidence), "even-spread overflow",
                               how.str(), hashed, d, evidence);
    } else if (hashed)
        capKneeOnly(ctx, element, knee,
                    std::string("the sets of this hashed set-associative cache were not counted") +
                        (even ? " (" + even->reason + ")" : "") + kHashedKneeMoves);
    else if (d.indexFunction.empty())  // neither modulo nor full associativity, where the knee is the capacity
        capKneeOnly(ctx, element, knee, "no set structure was decided (" + d.ways.reason + ")" + kHashedKneeMoves);
    else if (const auto size = heldTo(knee, d.indexConfidence, kneeAsCapacityNote(d)))
        ctx.report(element, *size);
}

void holdKneeForPolicy(RunContext& ctx, Element element, const std::string& policy) {
    if (policy != "plru" && policy != "random") return;
    const Attribute* knee = ctx.topology().find(element, attr::contiguousKnee);
    if (!knee) return;
    if (const auto held = heldTo(*knee, kGradualKneeConfidence,
                                 (policy == "plru" ? "a tree-PLRU policy" : "a random policy") + std::string(kGradualKneeNote)))
        ctx.revise(element, *held);
}

std::optional<Element> setStructureMeasuredAs(const Topology& t, Element element) {
    const Attribute* shared = t.find(element, attr::sharedWith);
    if (!shared || shared->confidence <= 0.5) return std::nullopt;
    for (const auto& name : shared->names)
        if (const auto other = elementFromDisplayName(name); other && *other != element && t.find(*other, attr::ways))
            return other;
    return std::nullopt;
}

void shareCapacity(RunContext& ctx, Element element, Element owner, const std::string& ownerTitle, double sharing) {
    const Topology& t = ctx.topology();
    const Attribute* mine = t.find(element, attr::size);
    const Attribute* theirs = t.find(owner, attr::size);
    if (!mine || !theirs || t.find(element, attr::contiguousKnee) || mine->source != Source::Benchmark ||
        !mine->isDecidedFigure())
        return;
    if (const Attribute* ownersKnee = t.find(owner, attr::contiguousKnee); ownersKnee && theirs->isDecidedQuantity()) {
        Attribute knee = contiguousKneeFrom(*mine, "");
        if (knee.confidence > ownersKnee->confidence) {  // the same cache's edge, as doubtful as there
            knee.confidence = ownersKnee->confidence;
            knee.reason = "no surer than the knee of " + ownerTitle + " (" + ownersKnee->reason + "); " + knee.reason;
        }
        Attribute size = *theirs;
        size.method = "capacity of the cache it shares";
        size.confidence = std::min(theirs->confidence, sharing);
        size.reason = "one cache with " + ownerTitle + " (physical sharing), whose capacity is " +
                      bytesText(static_cast<std::uint64_t>(theirs->value)) + " (" + theirs->reason +
                      "); the contiguous knee of this path reads " + bytesText(static_cast<std::uint64_t>(mine->value));
        ctx.report(element, size);
        ctx.report(element, knee);
        return;
    }
    if (theirs->confidence <= kKneeOnlyConfidence)
        capKneeOnly(ctx, element, *mine, "it is one cache with " + ownerTitle + ", whose capacity was not counted" + kHashedKneeMoves);
}

}  // namespace ts
