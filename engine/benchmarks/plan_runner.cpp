#include "benchmarks/plan_runner.hpp"

#include <algorithm>
#include <thread>

#include "benchmarks/attributes.hpp"
#include "model/attribute_marks.hpp"

namespace ts {
namespace {

void markFailed(RunContext& ctx, const PlanItem& item, std::size_t mark, const BenchmarkFailure& failure) {
    ctx.fail(failure);
    ctx.warn(item.name + " " + failure.status() + ": " + failure.reason);
    std::vector<PlanAttribute> attributes = item.also;
    if (!item.attribute.empty()) attributes.insert(attributes.begin(), {item.element, item.attribute});
    const auto reported = ctx.reportedSince(mark);
    for (const auto& a : attributes) {
        const bool measured = std::any_of(reported.begin(), reported.end(),
                                          [&](const auto& r) { return r.element == a.element && r.name == a.name; });
        if (!measured)  // it did not get that far
            ctx.report(a.element, undecided(a.name, failure.status() + ": " + failure.reason, NotDecided::Failed));
    }
}

// Returns false when the item failed (marked) and must not be repeated.
bool attempt(RunContext& ctx, const PlanItem& item) {
    const std::size_t mark = ctx.reportMark();
    try {
        item.run(ctx);
        return true;
    } catch (const BackendError& e) {
        const bool lostNow = e.deviceLost();
        markFailed(ctx, item, mark, {item.name, false, lostNow ? "device lost: " + std::string(e.what()) : e.what()});
        return false;
    }
}

// Confidence at most 0.5 for every result of the item, the shared-GPU mark (and the occupancy
// mark where only a neighbour's lines in the cache move it), and a reason that names the disturbance.
void capConfidence(RunContext& ctx, std::size_t mark, const std::string& note, bool byOccupancy = false) {
    for (const auto& r : ctx.reportedSince(mark)) {
        const Attribute* current = ctx.topology().find(r.element, r.name);
        if (!current || current->source != Source::Benchmark || current->failed) continue;
        Attribute a = *current;
        a.confidence = std::min(a.confidence, kSharedGpuConfidence);
        markAttribute(a, Mark::SharedGpu, note);
        if (byOccupancy) markAttribute(a, Mark::OccupancyLimited, "");
        ctx.report(r.element, a);
    }
}

// The disturbance in words: the evidence, and who the driver says was on the GPU.
std::string disturbanceNote(RunContext& ctx, const std::string& evidence) {
    ctx.shared().refresh(ctx.backend(), true);
    const std::string who = ctx.shared().busyNeighbours();
    return std::string(kSharedGpuMark) + ": " + evidence + (who.empty() ? "" : "; the driver lists " + who);
}

// MPS clients run beside us rather than in turns: no gap shows them, only the driver (and a
// sentinel that slows down when they start after the baseline).
std::string mpsEvidence(RunContext& ctx) {
    const std::string clients = ctx.shared().busyMpsClients();
    return clients.empty() ? std::string{} : "MPS client " + clients + " runs beside us, sharing the L2 and memory";
}

constexpr std::chrono::milliseconds kPatienceBeforeFirstTry{200};

bool disturbed(RunContext& ctx, const InterferenceGuard& guard) {
    return guard.windowDisturbed() || !mpsEvidence(ctx).empty();
}

std::string evidenceOf(RunContext& ctx, const InterferenceGuard& guard) {
    std::string evidence = guard.windowDisturbed() ? guard.describe() : std::string{};
    const std::string mps = mpsEvidence(ctx);
    if (!mps.empty()) evidence += (evidence.empty() ? "" : "; ") + mps;
    return evidence;
}

// The benchmark decided from results that another context disturbed: its own chases may be
// clean, its value is not certain either.
void markDisturbedInputs(RunContext& ctx, std::size_t mark, const std::vector<std::string>& inputs) {
    if (inputs.empty()) return;
    std::string list;
    for (const auto& i : inputs) list += (list.empty() ? "" : ", ") + i;
    const std::string note = disturbanceNote(ctx, "decided from " + list + ", which another context disturbed");
    capConfidence(ctx, mark, note);
}

// Another context known on the GPU: the driver lists one busy, or the run has seen it more than
// once (gaps, slow sentinels, disagreements; a single blip that passed is not a neighbour).
constexpr int kSignsOfANeighbour = 3;

bool neighbourKnown(RunContext& ctx, bool& listed) {
    ctx.shared().refresh(ctx.backend(), false);
    listed = !ctx.shared().busyNeighbours().empty();
    return listed || (ctx.guard() && ctx.guard()->signs() >= kSignsOfANeighbour);
}

// PlanItem::readsDeviceWideOccupancy: a known neighbour leaves its lines in the cache between ours.
void capBesideKnownNeighbour(RunContext& ctx, const PlanItem& item, std::size_t mark) {
    bool listed = false;
    if (!neighbourKnown(ctx, listed)) return;
    const std::string evidence = std::string("another context ") +
                                 (listed ? "is on the GPU" : "showed itself repeatedly in this run (pre-emption gaps, slow sentinels)") +
                                 ", and " + kOccupancyNote;
    const std::string note = disturbanceNote(ctx, evidence);
    capConfidence(ctx, mark, note, true);
    ctx.shared().noteOutcome(item.name, false);
    ctx.warn(item.name + ": " + note + " (confidence at most 0.5)");
}

}  // namespace

void runPlanItem(RunContext& ctx, const PlanItem& item) {
    InterferenceGuard* guard = ctx.guard();
    ctx.takeDisturbedInputs();
    if (!guard) {
        const std::size_t mark = ctx.reportMark();
        if (attempt(ctx, item)) markDisturbedInputs(ctx, mark, ctx.takeDisturbedInputs());
        return;
    }
    std::uint64_t calls = ctx.deviceCalls();
    std::size_t mark = ctx.reportMark();
    try {
        // A benchmark starts right after a clean sentinel where it can: beside a neighbour that
        // comes and goes, a short one then fits into the neighbour's off phase.
        if (guard->lastDisturbed()) ctx.waitForQuiet(kPatienceBeforeFirstTry);
        guard->openWindow();
        if (!attempt(ctx, item)) return;
        ctx.sampleGuard();
    } catch (const BackendError& e) {
        if (!e.deviceLost()) throw;
        return;  // the next item finds the device lost
    }
    ctx.shared().addFirstTryCalls(ctx.deviceCalls() - calls);
    if (!disturbed(ctx, *guard)) {
        markDisturbedInputs(ctx, mark, ctx.takeDisturbedInputs());
        if (item.readsDeviceWideOccupancy) capBesideKnownNeighbour(ctx, item, mark);
        return;
    }

    std::string evidence = evidenceOf(ctx, *guard);
    int tries = 1;
    const std::uint64_t firstTryCalls = ctx.deviceCalls() - calls;
    // Capped beside a known neighbour however clean a repeat comes out: no repeat.
    bool listed = false;
    const int triesAllowed = item.readsDeviceWideOccupancy && neighbourKnown(ctx, listed) ? 1 : ctx.shared().triesAllowed();
    for (; tries < triesAllowed && ctx.shared().retryBudgetLeft(firstTryCalls); ++tries) {
        calls = ctx.deviceCalls();
        ctx.beginStep(item.name, "measuring again (shared GPU: " + evidence + ")");
        try {
            // Back-off: no clean sentinel in it means the neighbour stays, and measuring again
            // would only be disturbed again (and cost a multiple of the run's time).
            if (!ctx.waitForQuiet(SharedGpuLog::backoff(tries))) break;
            guard->openWindow();
            ctx.takeDisturbedInputs();
            mark = ctx.reportMark();
            const bool ran = attempt(ctx, item);
            if (ran) ctx.sampleGuard();
            ctx.shared().addRetryCalls(ctx.deviceCalls() - calls);
            if (!ran) return;
        } catch (const BackendError& e) {
            if (!e.deviceLost()) throw;
            return;
        }
        ctx.shared().refresh(ctx.backend(), false);
        if (!disturbed(ctx, *guard)) {
            ctx.shared().noteOutcome(item.name, true);
            ctx.warn(item.name + ": " + disturbanceNote(ctx, evidence) + "; measured " + std::to_string(tries + 1) +
                     " times, the last one undisturbed");
            markDisturbedInputs(ctx, mark, ctx.takeDisturbedInputs());
            return;
        }
        evidence = evidenceOf(ctx, *guard);
    }
    ctx.shared().noteOutcome(item.name, false);
    ctx.takeDisturbedInputs();  // the cap below names the disturbance
    // Beside a known neighbour a device-wide cache's capacity is doubted however the window went.
    const bool byOccupancy = item.readsDeviceWideOccupancy && neighbourKnown(ctx, listed);
    const std::string note = disturbanceNote(ctx, evidence) + "; measured " + std::to_string(tries) +
                             (tries == 1 ? " time" : " times") + ", disturbed every time" +
                             (byOccupancy ? std::string(", and ") + kOccupancyNote : std::string());
    capConfidence(ctx, mark, note, byOccupancy);
    ctx.warn(item.name + ": " + note + " (confidence at most 0.5)");
}

void skipPlanItem(RunContext& ctx, const PlanItem& item) {
    markFailed(ctx, item, ctx.reportMark(), {item.name, true, "device lost: " + ctx.deviceLost()});
}

}  // namespace ts
