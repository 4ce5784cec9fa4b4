#include "bench/plan_runner.hpp"

#include <algorithm>

#include "bench/attributes.hpp"

namespace ts {
namespace {

void markFailed(RunContext& ctx, const PlanItem& item, std::size_t mark, const BenchmarkFailure& failure) {
    ctx.fail(failure);
    ctx.warn(item.name + " " + failure.status() + ": " + failure.reason);
    std::vector<PlanAttribute> attributes = item.also;
    if (!item.attribute.empty()) attributes.insert(attributes.begin(), {item.element, item.attribute, item.unit});
    const auto reported = ctx.reportedSince(mark);
    for (const auto& a : attributes) {
        const bool measured = std::any_of(reported.begin(), reported.end(),
                                          [&](const auto& r) { return r.element == a.element && r.name == a.name; });
        if (!measured)  // it did not get that far
            ctx.report(a.element, failedAttribute(a.name, a.unit, failure.status() + ": " + failure.reason));
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

void lowerConfidence(RunContext& ctx, std::size_t mark, const std::string& note) {
    for (const auto& r : ctx.reportedSince(mark)) {
        const Attribute* current = ctx.topology().find(r.element, r.name);
        if (!current || current->source != Source::Benchmark || current->failed) continue;
        Attribute a = *current;
        a.confidence *= 0.5;
        a.reason = a.reason.empty() ? note : a.reason + "; " + note;
        ctx.report(r.element, a);
    }
}

}  // namespace

void runPlanItem(RunContext& ctx, const PlanItem& item) {
    InterferenceGuard* guard = ctx.guard();
    if (guard) guard->openWindow();
    std::size_t mark = ctx.reportMark();
    if (!attempt(ctx, item)) return;
    if (!guard || !guard->active()) return;
    try {
        ctx.sampleGuard();
        if (!guard->windowDisturbed()) return;
        const std::string first = guard->describe();
        ctx.warn(item.name + ": interference detected (" + first + "): measuring again");
        ctx.beginStep(item.name, "measuring again (interference)");
        ctx.sampleGuard();  // a fresh verdict for the start of the second run
        guard->openWindow();
        mark = ctx.reportMark();
        if (!attempt(ctx, item)) return;
        ctx.sampleGuard();
    } catch (const BackendError& e) {
        if (!e.deviceLost()) throw;
        return;  // the next item finds the device lost
    }
    if (!guard->windowDisturbed()) {
        ctx.warn(item.name + ": measured again, undisturbed");
        return;
    }
    const std::string note = "interference detected: " + guard->describe() + "; measured twice, disturbed both times";
    lowerConfidence(ctx, mark, note);
    ctx.warn(item.name + ": " + note + " (confidence halved)");
}

void skipPlanItem(RunContext& ctx, const PlanItem& item) {
    markFailed(ctx, item, ctx.reportMark(), {item.name, true, "device lost: " + ctx.deviceLost()});
}

}  // namespace ts
