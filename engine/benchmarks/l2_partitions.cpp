#include "benchmarks/l2_partitions.hpp"

#include <algorithm>
#include <functional>
#include <string>
#include <vector>

#include "analysis/miss_rule.hpp"
#include "benchmarks/cache_benchmarks.hpp"
#include "benchmarks/cache_common.hpp"
#include "model/attribute_names.hpp"

namespace ts {
namespace {

// A row fits when at most 1 % of its loads are slower than a far hit can be (the edge rule of
// the size search: 3 of 256 loads).
constexpr double kFitShare = 0.01;
constexpr int kBisections = 8;

struct Setup {
    const CacheTarget* target = nullptr;
    int reader = 0;                // logical unit that times
    int farUnit = -1;              // logical unit of another partition
    std::uint32_t stride = 0;      // the L2 line
    double nearFarCut = 0;         // midway between near and far hits
    double missCut = 0;            // slower than this: no L2 hit
};

// The reader times one pass over `bytes` (256 loads spread over the array, plus `extraPasses`
// more passes), after its own warm-up passes and a pass of the far unit over the same array.
ChaseRequest touchedBy(const Setup& s, std::uint64_t bytes, std::uint32_t readerWarmup, std::uint32_t timedPasses) {
    ChaseRequest r;
    r.space = s.target->space;
    r.arrayBytes = bytes;
    r.strideBytes = s.stride;
    r.warmupPasses = readerWarmup;
    const std::uint64_t lines = bytes / s.stride;
    r.recordEvery = static_cast<std::uint32_t>(std::max<std::uint64_t>(1, lines / 256));
    r.recordLoads = static_cast<std::uint32_t>(timedPasses * std::min<std::uint64_t>(256, lines));
    r.unit = s.reader;
    r.second = SecondChaser{s.target->space, bytes, s.stride, 1, Placement::OtherUnit, 0, s.farUnit, true};
    return r;
}

struct Capacity {
    bool decided = false;
    bool lowerBound = false;
    std::uint64_t bytes = 0;
    std::string reason;
};

// Largest array in [low, high] that still fits, by bisection to 1/256 of the bracket; every row
// measured goes into the series.
Capacity bisect(RunContext& ctx, const Setup& s, const std::string& seriesId, std::uint64_t low, std::uint64_t high,
                std::uint32_t readerWarmup) {
    auto fits = [&](std::uint64_t bytes) {
        const auto loads = ctx.chase(touchedBy(s, bytes, readerWarmup, 1)).latencies;
        ctx.appendRows(seriesId, {SeriesRow{static_cast<double>(bytes), 0, {}, 0, loads}});
        return shareAbove(s.missCut, loads) <= kFitShare;
    };
    Capacity c;
    if (!fits(low)) {
        c.reason = "already misses at " + std::to_string(low) + " B, the smallest array tried";
        return c;
    }
    if (fits(high)) {
        c.lowerBound = true;
        c.bytes = high;
        c.reason = "still fits at " + std::to_string(high) + " B, the largest array tried";
        return c;
    }
    for (int i = 0; i < kBisections && high - low > s.stride; ++i) {
        const std::uint64_t mid = alignDown(low + (high - low) / 2, s.stride);
        (fits(mid) ? low : high) = mid;
    }
    c.decided = true;
    c.bytes = low;
    c.reason = "largest array with at most 1 % of loads slower than " + std::to_string(static_cast<int>(s.missCut)) +
               " cycles (1.25 x the far hit); the next tried, " + std::to_string(high) + " B, misses";
    return c;
}

Attribute capacityAttribute(const char* name, const Capacity& c, const std::string& seriesId, const std::string& what) {
    Attribute a;
    a.name = name;
    a.unit = "bytes";
    a.method = "p-chase by bisection, " + what;
    a.evidence = seriesId;
    a.value = static_cast<double>(c.bytes);
    a.confidence = c.decided ? 1.0 : 0.0;
    a.lowerBound = c.lowerBound;
    a.reason = c.reason;
    return a;
}

// The far unit fills a quarter of the near capacity; the reader then reads it twice. The first
// pass hits far; with replicas the second hits near.
void measureReplication(RunContext& ctx, const Setup& s, std::uint64_t knee) {
    const std::uint64_t bytes = alignDown(knee / 4, s.stride);
    const std::string id = "l2.partitions_replica";
    ctx.openSeries(id, "L2 Partitions Replica", SeriesKind::Sharing, s.target->element);
    const auto loads = ctx.chase(touchedBy(s, bytes, 0, 2)).latencies;
    const std::size_t half = loads.size() / 2;
    const std::vector<std::uint32_t> first(loads.begin(), loads.begin() + static_cast<std::ptrdiff_t>(half));
    const std::vector<std::uint32_t> second(loads.begin() + static_cast<std::ptrdiff_t>(half), loads.end());
    ctx.appendRows(id, {SeriesRow{1, static_cast<double>(bytes), "first pass", 0, first},
                        SeriesRow{2, static_cast<double>(bytes), "second pass", 0, second}});
    const double farFirst = shareAbove(s.nearFarCut, first) - shareAbove(s.missCut, first);
    const double farSecond = shareAbove(s.nearFarCut, second) - shareAbove(s.missCut, second);
    Attribute a;
    a.name = attr::farReplicated;
    a.method = "p-chase, two passes over lines another partition's unit filled";
    a.evidence = id;
    a.value = farSecond < 0.1 ? 1 : 0;
    const std::string counts = "far hits " + std::to_string(static_cast<int>(100 * farFirst)) + " % in the first pass, " +
                               std::to_string(static_cast<int>(100 * farSecond)) + " % in the second";
    if (farFirst < 0.5) {
        a = undecided(attr::farReplicated, "", counts + ": the first pass did not hit far, so nothing to replicate");
        a.evidence = id;
    } else {
        a.confidence = (farSecond < 0.1 || farSecond > 0.9) ? 1.0 : 0.5;
        a.reason = counts + (a.value == 1 ? ": far lines read once are near afterwards (replicas)" : ": far lines stay far");
    }
    ctx.report(s.target->element, a);
}

int unitOfOtherPartition(const RunContext& ctx, const Attribute& segments, int reader) {
    const DeviceInfo& d = const_cast<RunContext&>(ctx).device();
    auto groupOf = [&](int unit) {
        for (std::size_t g = 0; g < segments.groups.size(); ++g)
            for (int id : segments.groups[g])
                if (id == d.physicalId(unit)) return static_cast<int>(g);
        return -1;
    };
    const int mine = groupOf(reader);
    for (int u = 0; u < d.unitCount; ++u)
        if (groupOf(u) >= 0 && groupOf(u) != mine) return u;
    return -1;
}

}  // namespace

void measureL2Partitions(RunContext& ctx, const CacheTarget& target) {
    const Attribute* knee = decided(ctx, target.element, attr::size);
    const Attribute* segments = decided(ctx, target.element, attr::segments);
    const Attribute* nearLatency = decided(ctx, target.element, attr::nearLatency);
    const Attribute* farLatency = decided(ctx, target.element, attr::farLatency);
    if (segments && segments->value < 2) return;  // one partition: nothing near or far
    if (!knee || !segments || !nearLatency || !farLatency) {
        ctx.report(target.element, undecided(attr::farCapacity, "bytes", "needs the L2 knee and two or more measured partitions "
                                                                    "with their near and far latencies"));
        return;
    }
    Setup s;
    s.target = &target;
    s.farUnit = unitOfOtherPartition(ctx, *segments, s.reader);
    s.stride = lineStride(ctx, target);
    s.nearFarCut = (nearLatency->value + farLatency->value) / 2;
    s.missCut = 1.25 * farLatency->value;
    if (s.farUnit < 0 || farLatency->value <= nearLatency->value) {
        ctx.report(target.element, undecided(attr::farCapacity, "bytes", "no unit of another partition, or far hits no slower"));
        return;
    }
    const auto kneeBytes = static_cast<std::uint64_t>(knee->value);
    // Partitions of one L2 hold at most API / P each. A larger knee means the API counts one of
    // them: separate L2s (the XCDs of an AMD GPU), whose "far" lines come from the next level.
    const double api = static_cast<double>(ctx.device().l2SizeBytes);
    if (api <= 0 || knee->value > api / segments->value) return;
    // Brackets: a partition holds at most API / P, all of them at most the API size; 5 % above
    // that shows the misses that a fitting array does not have.
    const std::uint64_t low = alignDown(kneeBytes / 2, s.stride);
    const std::uint64_t farHigh = alignDown(static_cast<std::uint64_t>(1.5 * api / segments->value), s.stride);
    const std::uint64_t sharedHigh = alignDown(static_cast<std::uint64_t>(1.05 * api), s.stride);

    Attribute nearCap = *knee;
    nearCap.name = attr::nearCapacity;
    nearCap.reason = "the L2 knee: lines one unit fills live in its own partition";
    ctx.report(target.element, nearCap);

    ctx.beginStep("L2 Partitions", "capacity of lines another partition's unit filled");
    const std::string farId = "l2.partitions_far";
    ctx.openSeries(farId, "L2 Partitions Far", SeriesKind::Size, target.element);
    const Capacity far = bisect(ctx, s, farId, low, farHigh, 0);
    ctx.report(target.element, capacityAttribute(attr::farCapacity, far, farId, "lines filled by a unit of another partition"));

    ctx.beginStep("L2 Partitions", "far lines read twice");
    measureReplication(ctx, s, kneeBytes);

    ctx.beginStep("L2 Partitions", "capacity of lines units of two partitions touched");
    const std::string sharedId = "l2.partitions_shared";
    ctx.openSeries(sharedId, "L2 Partitions Shared", SeriesKind::Size, target.element);
    const Capacity shared = bisect(ctx, s, sharedId, low, sharedHigh, 1);
    ctx.report(target.element,
               capacityAttribute(attr::sharedCapacity, shared, sharedId, "lines the reader and a unit of another partition touched"));
}

}  // namespace ts
