#include <algorithm>
#include <set>
#include <string>

#include "amd/sl1d_cross_check.hpp"
#include "benchmarks/cache_benchmarks.hpp"
#include "benchmarks/cache_common.hpp"
#include "analysis/miss_rule.hpp"
#include "benchmarks/retime.hpp"
#include "benchmarks/unit_benchmarks.hpp"
#include "model/attribute_names.hpp"

namespace ts {
namespace {

// The kernel driver's own view (KFD sibling maps), where the backend has it: every
// disagreement with the measured groups is reported, never silently resolved.
void crossCheckWithDriver(RunContext& ctx, const CacheTarget& target, const Attribute& measured) {
    const auto& driver = ctx.device().driverScalarCacheGroups;
    if (driver.empty()) return;
    const amd::GroupingCheck check = amd::crossCheckScalarGroups(measured.groups, driver);
    Attribute a;
    a.name = "driverAgreement";
    a.method = "measured groups against the KFD sibling maps";
    a.source = Source::Benchmark;
    a.evidence = measured.evidence;
    a.value = check.agrees() ? 1 : 0;
    a.reason = check.agrees() ? "every measured group equals a KFD group"
                              : std::to_string(check.disagreements.size()) + " disagreement(s) with the KFD sibling maps";
    ctx.report(target.element, a);
    for (const auto& d : check.disagreements) ctx.warn(target.title + " CU sharing vs KFD: " + d.message);
}

}  // namespace

// Unit a fills A (3/4 of the cache), unit b fills B (kEvictingFill) in the scalar space, a re-times A.
// Every unit is tested against one member of each group found so far: a pair between a
// unit and the rest of a group is decided by transitivity, never guessed.
void measureCuSharing(RunContext& ctx, const CacheTarget& target) {
    const Attribute* size = decided(ctx, target.element, attr::size);
    if (!size) {
        ctx.report(target.element, undecided(attr::sharedBetween, "size unknown"));
        return;
    }
    const int units = ctx.device().unitCount;
    const std::uint32_t stride = fillStride(ctx, target);
    const std::uint64_t fill = alignDown(static_cast<std::uint64_t>(0.75 * size->value), stride);
    const std::uint64_t otherFill = evictingFillBytes(ctx, target, size->value, stride);
    const std::string id = target.idPrefix() + ".cu_sharing";
    ctx.openSeries(id, target.title + " CU Sharing", SeriesKind::Sharing, target.element);

    std::vector<std::vector<int>> groups;      // logical unit indices; groups[i][0] is the tested member
    std::vector<HitReference> references;      // control per group representative
    int tests = 0;
    for (int unit = 0; unit < units; ++unit) {
        if (unit % 8 == 0) ctx.beginStep(target.title + " CU Sharing", "unit " + std::to_string(unit) + " of " +
                                                                          std::to_string(units));
        std::vector<SeriesRow> rows;
        bool placed = false;
        for (std::size_t g = 0; g < groups.size() && !placed; ++g) {
            const int representative = groups[g][0];
            SecondChaser b{target.space, otherFill, stride, 1, Placement::OtherUnit, 0, unit, false};
            auto retimed = retimeAfter(ctx, target.space, fill, stride, representative, b);
            ++tests;
            placed = showsMisses(references[g], retimed);
            if (placed) groups[g].push_back(unit);
            rows.push_back(SeriesRow{static_cast<double>(ctx.device().physicalId(unit)),
                                     static_cast<double>(ctx.device().physicalId(representative)),
                                     "cu " + std::to_string(ctx.device().physicalId(unit)), placed ? 1.0 : 0.0,
                                     std::move(retimed)});
        }
        if (!placed) {
            groups.push_back({unit});
            references.push_back(hitReference(retimeAfter(ctx, target.space, fill, stride, unit, std::nullopt)));
        }
        if (!rows.empty()) ctx.appendRows(id, std::move(rows));
    }

    Attribute a;
    a.name = attr::sharedBetween;
    a.method = "fill-evict-retime, pairs pruned by transitivity";
    a.evidence = id;
    a.confidence = 1.0;
    std::set<int> active;
    for (const auto& g : groups) {
        std::vector<int> physical;
        for (int u : g) physical.push_back(ctx.device().physicalId(u));
        std::sort(physical.begin(), physical.end());
        active.insert(physical.begin(), physical.end());
        a.groups.push_back(physical);
    }
    std::sort(a.groups.begin(), a.groups.end());
    a.value = static_cast<double>(a.groups.size());
    a.reason = std::to_string(tests) + " pair tests over " + std::to_string(units) + " active units";
    ctx.report(target.element, a);
    crossCheckWithDriver(ctx, target, a);

    Attribute disabled;
    disabled.name = attr::disabledUnits;
    disabled.method = "api (physical ids absent from the active list)";
    disabled.source = Source::Api;
    const int maxId = active.empty() ? -1 : *active.rbegin();
    std::vector<int> missing;
    for (int id2 = 0; id2 <= maxId; ++id2)
        if (!active.count(id2)) missing.push_back(id2);
    disabled.groups.push_back(missing);
    disabled.value = static_cast<double>(missing.size());
    ctx.report(target.element, disabled);
}

}  // namespace ts
