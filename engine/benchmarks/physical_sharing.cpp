#include <algorithm>
#include <numeric>
#include <string>

#include "analysis/latency_agreement.hpp"
#include "benchmarks/cache_benchmarks.hpp"
#include "benchmarks/cache_capacity.hpp"
#include "benchmarks/cache_common.hpp"
#include "analysis/miss_rule.hpp"
#include "benchmarks/retime.hpp"
#include "benchmarks/unit_benchmarks.hpp"
#include "model/attribute_names.hpp"

namespace ts {
namespace {

struct Candidate {
    const CacheTarget* target;
    std::uint64_t fillBytes;   // 3/4 of its size: fits alone
    std::uint32_t stride;
    double sizeBytes;
};

int findRoot(std::vector<int>& parent, int i) {
    while (parent[static_cast<std::size_t>(i)] != i) i = parent[static_cast<std::size_t>(i)] = parent[static_cast<std::size_t>(parent[static_cast<std::size_t>(i)])];
    return i;
}

// One cache, one capacity: a path that shares its cache (every pair confirmed) with one whose
// sets were counted takes that count as its size (issue 34).
void shareCountedCapacities(RunContext& ctx, const std::vector<Candidate>& candidates) {
    for (const auto& x : candidates) {
        const Attribute* shared = ctx.topology().find(x.target->element, attr::sharedWith);
        if (!shared || shared->confidence < 1) continue;
        const std::vector<std::string> names = shared->names;
        const double confidence = shared->confidence;
        for (const auto& y : candidates)
            if (y.target != x.target && std::find(names.begin(), names.end(), displayName(y.target->element)) != names.end())
                shareCapacity(ctx, x.target->element, y.target->element, y.target->title, confidence);
    }
}

// B's fill evicted A: most of A's loads miss (the miss rule), or a tenth of them more than in A's
// control. A direct-mapped hashed L1 whose contiguous knee is a sixth of its capacity keeps half
// of A through a fill of 4 x that knee (a third of A missed): one cache read as three at 1.0.
// Caches apart leave A as its control was, so a tenth is far beyond noise; the loads that start
// a page are left out, as B's fill may have pushed A's pages out of a TLB.
bool evictedBy(const HitReference& reference, const std::vector<std::uint32_t>& control,
               const std::vector<std::uint32_t>& retimed, std::uint32_t stride) {
    constexpr double kEvictedShare = 0.1;
    if (showsMisses(reference, retimed)) return true;
    const auto before = inPageLoads(control, stride), after = inPageLoads(retimed, stride);
    return !after.empty() && shareAbove(reference.fence, after) - shareAbove(reference.fence, before) >= kEvictedShare;
}

}  // namespace

// For every pair (X, Y): fill A in X, fill B (kEvictingFill x X's size) in Y on the same thread, re-time A.
// A evicted means one physical cache serves both. The classes are the union of the
// "shares" pairs; a pair inside a class that tested "not shared" is an inconsistency.
void measurePhysicalSharing(RunContext& ctx, const std::vector<CacheTarget>& targets) {
    std::vector<Candidate> candidates;
    std::string untested;  // first levels without a size: a class could miss them
    for (const auto& t : targets) {
        if (t.above || bypassesUnitCaches(t.space)) continue;  // first levels only
        const Attribute* size = decided(ctx, t.element, attr::size);
        noteIfDisturbed(ctx, t.element, size);
        if (!size && ctx.backend().supports(t.space)) untested += (untested.empty() ? "" : ", ") + t.title;
        if (!size) continue;
        const std::uint32_t stride = fillStride(ctx, t);
        const auto fill = alignDown(static_cast<std::uint64_t>(0.75 * size->value), stride);
        if (fill >= stride && fill <= chaserLimit(ctx, t)) candidates.push_back({&t, fill, stride, size->value});
    }
    if (candidates.size() < 2) return;
    ctx.beginStep("Physical Sharing", std::to_string(candidates.size()) + " spaces, every pair");
    const std::string id = kPhysicalSharingSeries;
    ctx.openSeries(id, "Physical Sharing", SeriesKind::Sharing, candidates.front().target->element);

    const auto n = candidates.size();
    std::vector<int> parent(n);
    std::iota(parent.begin(), parent.end(), 0);
    std::vector<std::vector<int>> shares(n, std::vector<int>(n, -1));
    bool disagreed = false;
    for (std::size_t x = 0; x < n; ++x) {
        const auto& a = candidates[x];
        const auto control = retimeAfter(ctx, a.target->space, a.fillBytes, a.stride, 0, std::nullopt);
        const HitReference reference = hitReference(control);
        std::vector<SeriesRow> rows;
        for (std::size_t y = 0; y < n; ++y) {
            if (y == x) continue;
            const auto& b = candidates[y];
            const std::uint64_t fillB = evictingFillBytes(ctx, *b.target, a.sizeBytes, b.stride);
            SecondChaser second{b.target->space, fillB, b.stride, 1, Placement::SameThread, 0, -1, false};
            std::vector<std::uint32_t> retimed;
            try {
                retimed = retimeAfter(ctx, a.target->space, a.fillBytes, a.stride, 0, second);
            } catch (const BackendError& e) {
                if (e.deviceLost()) throw;
                ctx.warn("Physical Sharing: " + a.target->title + " after " + b.target->title + " not measured: " + e.what());
                continue;
            }
            const bool shared = evictedBy(reference, control, retimed, a.stride);
            // Misses can also come from another context evicting A between our kernels: a
            // "shared" must repeat.
            if (shared && !evictedBy(reference, control, retimeAfter(ctx, a.target->space, a.fillBytes, a.stride, 0, second),
                                     a.stride)) {
                ctx.noteDisagreement("Physical Sharing");
                disagreed = true;
            }
            shares[x][y] = shared ? 1 : 0;
            if (shared) parent[static_cast<std::size_t>(findRoot(parent, static_cast<int>(x)))] = findRoot(parent, static_cast<int>(y));
            rows.push_back(SeriesRow{static_cast<double>(y), static_cast<double>(x),
                                     a.target->title + " after " + b.target->title, shared ? 1.0 : 0.0,
                                     std::move(retimed)});
        }
        ctx.appendRows(id, std::move(rows));
        // A control that missed (evicted before its timed pass) would hide every sharing: A
        // alone must hit again at the end, and the first control must not miss against it.
        const auto again = retimeAfter(ctx, a.target->space, a.fillBytes, a.stride, 0, std::nullopt);
        if (differentLevels(control, again)) {
            ctx.noteDisagreement("Physical Sharing");
            disagreed = true;
        }
    }
    if (!disagreed) ctx.noteConfirmed();  // every "shared" and every control repeated alike

    for (std::size_t x = 0; x < n; ++x) {
        Attribute a;
        a.name = attr::sharedWith;
        a.method = "fill-evict-retime";
        a.evidence = id;
        a.confidence = 1.0;
        std::vector<Element> oneCache;  // x's class, x included, in candidate order
        const CacheTarget* unmeasured = nullptr;
        for (std::size_t y = 0; y < n; ++y) {
            if (y != x && !unmeasured && (shares[x][y] < 0 || shares[y][x] < 0)) unmeasured = candidates[y].target;
            if (findRoot(parent, static_cast<int>(x)) != findRoot(parent, static_cast<int>(y))) continue;
            oneCache.push_back(candidates[y].target->element);
            if (y == x) continue;
            a.names.push_back(std::string(displayName(candidates[y].target->element)));
            if (shares[x][y] != 1 || shares[y][x] != 1) a.confidence = 0.5;
        }
        a.value = static_cast<double>(a.names.size());
        a.reason = a.names.empty()      ? "no other space's fill evicted it, nor its fill another's"
                   : a.confidence < 1 ? "sharing follows by transitivity but not every pair evicted the other"
                                      : "every pair in the class evicted each other";
        if (unmeasured) a.reason += " (the pair with " + unmeasured->title + " was not measured)";
        if (!untested.empty()) {
            a.confidence = std::min(a.confidence, 0.5);
            a.reason += "; not tested against " + untested + " (size undecided)";
        }
        if (const std::string note = latencyAgreementNote(ctx.topology(), oneCache); !note.empty())
            a.reason += "; " + note;
        ctx.report(candidates[x].target->element, a);
    }
    shareCountedCapacities(ctx, candidates);
}

}  // namespace ts
