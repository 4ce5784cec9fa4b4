// Page size and TLB levels by page-stride sweeps (docs/methods.md, "TLB levels").
#include <algorithm>
#include <cmath>

#include "analysis/assoc.hpp"
#include "analysis/robust.hpp"
#include "benchmarks/assoc_benchmarks.hpp"
#include "benchmarks/attributes.hpp"
#include "benchmarks/cache_common.hpp"
#include "benchmarks/sequence_probe.hpp"
#include "model/attribute_names.hpp"

namespace ts {
namespace {

constexpr std::uint64_t kMinPageStride = 64ull << 10;
constexpr std::uint64_t kMaxPageStride = 64ull << 20;
constexpr std::uint64_t kMaxSpan = 32ull << 30;
constexpr std::uint64_t kMaxPages = 16384;
constexpr const char* kSeries = "device_memory.tlb";

struct Sweep {
    RunContext& ctx;
    Space space;
    std::uint64_t span;   // bytes one sweep may cover

    ProbeRun pass(std::uint64_t n, std::uint64_t stride, const std::string& label) {
        return timedSecondPass(ctx, space, stridedLines(n, stride, 1), kSeries, static_cast<double>(n * stride),
                               static_cast<double>(stride), label);
    }
    // Smallest stride at which (nearly) every load of a long walk pays a translation miss.
    std::uint64_t pageSize(double& base) {
        for (std::uint64_t s = kMinPageStride; s <= kMaxPageStride; s *= 2) {
            const double near = pass(2, s, "page-base").median;
            const std::uint64_t n = std::min(span / s, kMaxPages);
            const ProbeRun far = pass(n, s, "page-stride");
            const double step = std::max(8.0, 0.05 * near);
            const auto slow = std::count_if(far.timed.begin(), far.timed.end(), [&](std::uint32_t l) { return l > near + step; });
            if (static_cast<double>(slow) >= 0.75 * static_cast<double>(far.timed.size())) {
                base = near;
                return s;
            }
        }
        return 0;
    }
};

std::vector<std::uint64_t> pageGrid(std::uint64_t maxPages) {
    std::vector<std::uint64_t> grid;
    for (std::uint64_t p = 1; p <= maxPages; p *= 2) {
        grid.push_back(p);
        if (p >= 2 && p * 3 / 2 <= maxPages) grid.push_back(p * 3 / 2);
    }
    std::sort(grid.begin(), grid.end());
    return grid;
}

// Most pages that still keep the latency below `limit`, between a fitting and a failing count.
std::uint64_t refineEntries(Sweep& sweep, std::uint64_t fits, std::uint64_t fails, std::uint64_t page, double limit) {
    while (fails - fits > 1) {
        const std::uint64_t mid = (fits + fails) / 2;
        (sweep.pass(mid, page, "refine").median <= limit ? fits : fails) = mid;
    }
    return fits;
}

// Does another unit's walk over `otherPages` pages push the main walk of `pages` pages up?
bool sharedLevel(RunContext& ctx, Space space, std::uint64_t pages, std::uint64_t otherPages, std::uint64_t page,
                 double missCost) {
    auto walk = [&](bool disturb) {
        SequenceChase r;
        r.space = space;
        r.offsets = stridedLines(pages, page, 2);
        r.timedFrom = static_cast<std::uint32_t>(pages);
        if (disturb) r.otherUnit = 1, r.otherOffsets = stridedLines(otherPages, page, 1, (pages + 1) * page);
        const ChaseResult res = ctx.chaseSequence(r);
        ctx.appendRows(kSeries, {SeriesRow{static_cast<double>(pages * page), static_cast<double>(otherPages * page),
                                           disturb ? "scope-disturbed" : "scope-alone", 0, res.latencies}});
        return median(res.latencies);
    };
    return walk(true) - walk(false) > missCost / 2;
}

void reportLevel(RunContext& ctx, int level, const TlbStep& step, std::uint64_t page, int scope) {
    auto put = [&](const char* part, double value, const char* unit, const std::string& method) {
        Attribute a = attributeFrom(Decision{true, value, 0.8, method, "", false, false}, attr::tlbLevel(level, part), kSeries);
        a.unit = unit;
        ctx.report(Element::DeviceMemory, a);
    };
    put(attr::tlbEntries, static_cast<double>(step.entries), "", "page-stride sweep");
    put(attr::tlbPageSize, static_cast<double>(page), "bytes", "page-stride sweep");
    put(attr::tlbReach, static_cast<double>(step.entries * page), "bytes", "entries x page size");
    put(attr::tlbMissCost, std::round(step.missCost), "cycles", "latency step");
    Attribute s = attributeFrom(Decision{scope >= 0, static_cast<double>(std::max(scope, 0)), scope >= 0 ? 0.8 : 0,
                                         "other-unit walk", scope >= 0 ? "" : "one unit only: no other SM/CU to disturb it",
                                         false, false},
                                attr::tlbLevel(level, attr::tlbScope), kSeries);
    s.unit = "";
    if (scope >= 0) s.names = {scope == 1 ? "gpu" : "sm"};
    ctx.report(Element::DeviceMemory, s);
}

}  // namespace

void measureTlbLevels(RunContext& ctx) {
    const Space space = ctx.device().vendor == Vendor::Nvidia ? Space::GlobalL2 : Space::VectorL2;
    Sweep sweep{ctx, space, std::min(kMaxSpan, ctx.backend().maxArrayBytes(space))};
    ctx.beginStep("TLB Levels", "page size");
    ctx.openSeries(kSeries, "TLB Levels", SeriesKind::Size, Element::DeviceMemory);
    try {
        double base = 0;
        const std::uint64_t page = sweep.pageSize(base);
        if (page == 0) {
            ctx.report(Element::DeviceMemory, undecided(attr::tlbLevels, "", "no stride up to 64 MiB made every load miss a TLB"));
            return;
        }
        ctx.beginStep("TLB Levels", "pages");
        // One line a page: the walk must stay inside the L2, or its misses would pass for a TLB level.
        std::uint64_t maxPages = std::min(sweep.span / page, kMaxPages);
        if (ctx.device().l2SizeBytes > 0) maxPages = std::min<std::uint64_t>(maxPages, ctx.device().l2SizeBytes / 256);
        const std::vector<std::uint64_t> grid = pageGrid(maxPages);
        std::vector<double> medians;
        for (std::uint64_t n : grid) medians.push_back(sweep.pass(n, page, "pages").median);
        std::vector<TlbStep> steps = tlbSteps(grid, medians, std::max(8.0, 0.05 * base));
        double level = medians.front();
        for (std::size_t k = 0; k < steps.size(); ++k) {
            const auto next = std::upper_bound(grid.begin(), grid.end(), steps[k].entries);
            if (next != grid.end()) steps[k].entries = refineEntries(sweep, steps[k].entries, *next, page, level + steps[k].missCost / 2);
            level += steps[k].missCost;
        }
        for (std::size_t k = 0; k < steps.size(); ++k) {
            int scope = -1;
            if (ctx.device().unitCount >= 2) {
                const std::uint64_t pages = k == 0 ? std::max<std::uint64_t>(1, steps[0].entries / 2)
                                                   : (steps[k - 1].entries + steps[k].entries) / 2;
                scope = sharedLevel(ctx, space, pages, 2 * steps[k].entries, page, steps[k].missCost) ? 1 : 0;
            }
            reportLevel(ctx, static_cast<int>(k) + 1, steps[k], page, scope);
        }
        Attribute levels = attributeFrom(Decision{true, static_cast<double>(steps.size()), steps.empty() ? 0.5 : 0.8,
                                                  "page-stride sweep",
                                                  "no further level below " + std::to_string(grid.back() * page) + " bytes",
                                                  false, false},
                                         attr::tlbLevels, kSeries);
        levels.unit = "";
        ctx.report(Element::DeviceMemory, levels);
    } catch (const BackendError& e) {
        if (e.deviceLost()) throw;
        ctx.report(Element::DeviceMemory, undecided(attr::tlbLevels, "", std::string("sequence chase: ") + e.what()));
    }
}

}  // namespace ts
