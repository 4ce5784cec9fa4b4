#include "benchmarks/l2_partitions.hpp"

#include <algorithm>
#include <functional>
#include <string>
#include <vector>

#include "analysis/miss_rule.hpp"
#include "benchmarks/cache_benchmarks.hpp"
#include "benchmarks/cache_common.hpp"
#include "benchmarks/size_search.hpp"
#include "model/attribute_names.hpp"
#include "model/byte_text.hpp"

namespace ts {
namespace {

// A row fits when at most 1 % of its loads are slower than a far hit can be (the edge rule of
// the size search: 3 of 256 loads).
constexpr double kFitShare = 0.01;
// Eight halvings of the brackets below: 1/256 of them, 0.5 % of a 25-30 MiB far capacity and
// 0.4 % of a 50-60 MiB shared one; seven would be 1 % and 0.8 %, at the 1 % between runs.
constexpr int kBisections = 8;
// A capacity row's timed loads, spread over its array (the size search's sampled rows).
constexpr std::uint32_t kSampledLoads = 4096;

struct Setup {
    const CacheTarget* target = nullptr;
    int reader = 0;                // logical unit that times
    int farUnit = -1;              // logical unit of another partition
    std::uint32_t stride = 0;      // the L2 line
    double nearFarCut = 0;         // midway between near and far hits
    double missCut = 0;            // slower than this: no L2 hit
    bool blockReads = false;       // block reads and spread samples (not on the HIP backend yet)
};

// The far unit reads every line of the reader's array once, after the reader's own warm-up
// passes (if any) and before the reader times it. On NVIDIA both read with a whole block in
// address order: the same lines read from the same SMs as a single thread's walk, in a
// millisecond instead of tens (docs/methods.md, "L2 partitions").
ChaseRequest filledByFarUnit(const Setup& s, std::uint64_t bytes, std::uint32_t readerWarmup) {
    ChaseRequest r;
    r.space = s.target->space;
    r.arrayBytes = bytes;
    r.strideBytes = s.stride;
    r.warmupPasses = readerWarmup;
    r.blockWarmup = s.blockReads && readerWarmup > 0;
    r.unit = s.reader;
    r.second = SecondChaser{s.target->space, bytes, s.stride, 1, Placement::OtherUnit, 0, s.farUnit, true, s.blockReads};
    return r;
}

// The reader walks every line of the array `passes` times and times 256 loads spread over each pass.
ChaseRequest walkedRow(const Setup& s, std::uint64_t bytes, std::uint32_t readerWarmup, std::uint32_t passes) {
    ChaseRequest r = filledByFarUnit(s, bytes, readerWarmup);
    const std::uint64_t lines = bytes / s.stride;
    r.recordEvery = static_cast<std::uint32_t>(std::max<std::uint64_t>(1, lines / 256));
    r.recordLoads = static_cast<std::uint32_t>(passes * std::min<std::uint64_t>(256, lines));
    return r;
}

// The capacity rows' arrays lie at five places in the backend's chase memory, 64 MiB apart. The
// H100's and H200's L2 homes a line by its physical address: at one place the capacities come out
// the same in every run, but from place to place (and between processes that allocated
// differently before) they differ by up to 15 % (docs/validation.md, "L2 partitions"). The
// median of the five is reported, the range in the reason.
constexpr int kPlacements = 5;
constexpr std::uint64_t kPlacementStep = 64ull << 20;

std::string mib(std::uint64_t bytes) { return std::to_string(bytes >> 20) + " MiB"; }

// A capacity row: the reader times kSampledLoads loads spread evenly over the array, one pass
// (the walked row where there are no block reads).
ChaseRequest capacityRow(const Setup& s, std::uint64_t bytes, std::uint32_t readerWarmup, std::uint64_t placement) {
    ChaseRequest r = s.blockReads ? filledByFarUnit(s, bytes, readerWarmup) : walkedRow(s, bytes, readerWarmup, 1);
    r.placementOffsetBytes = placement;
    r.flushL2First = true;  // rows with a warm-up otherwise start from the previous row's lines
    if (!s.blockReads) return r;
    r.recordLoads = static_cast<std::uint32_t>(std::min<std::uint64_t>(kSampledLoads, bytes / s.stride));
    r.permutationStepBytes = spreadStep(bytes, s.stride, r.recordLoads);
    return r;
}

struct Capacity {
    bool decided = false;
    bool lowerBound = false;
    std::uint64_t bytes = 0;
    std::string reason;
};

// Largest array in [low, high] that still fits at `placement`, by bisection to 1/256 of the
// bracket; every row measured goes into the series, labelled with its placement.
Capacity bisect(RunContext& ctx, const Setup& s, const std::string& seriesId, std::uint64_t low, std::uint64_t high,
                std::uint32_t readerWarmup, std::uint64_t placement) {
    auto fits = [&](std::uint64_t bytes) {
        const auto loads = ctx.chase(capacityRow(s, bytes, readerWarmup, placement)).latencies;
        ctx.appendRows(seriesId, {SeriesRow{static_cast<double>(bytes), static_cast<double>(placement), "+" + mib(placement), 0, loads}});
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
    c.reason = "largest array with at most 1 % of " + std::to_string(s.blockReads ? kSampledLoads : 256) +
               " loads spread over it slower than " + std::to_string(static_cast<int>(s.missCut)) +
               " cycles (1.25 x the far hit); the next tried, " + preciseBytesText(high) + ", misses";
    return c;
}

// The capacity at every placement: their median, with the range they span in the reason.
Capacity bisectAtPlacements(RunContext& ctx, const Setup& s, const std::string& seriesId, std::uint64_t low,
                            std::uint64_t high, std::uint32_t readerWarmup) {
    std::vector<Capacity> each;
    for (int k = 0; k < kPlacements; ++k) {
        each.push_back(bisect(ctx, s, seriesId, low, high, readerWarmup, k * kPlacementStep));
        if (!each.back().decided) return each.back();
    }
    std::string all;
    for (int k = 0; k < kPlacements; ++k)
        all += (k ? ", " : "") + preciseBytesText(each[static_cast<std::size_t>(k)].bytes) + " at +" + mib(k * kPlacementStep);
    auto bySize = [](const Capacity& a, const Capacity& b) { return a.bytes < b.bytes; };
    std::sort(each.begin(), each.end(), bySize);
    Capacity median = each[each.size() / 2];
    median.reason += "; the median of " + std::to_string(kPlacements) + " placements of the array, which span " +
                     preciseBytesText(each.front().bytes) + " to " + preciseBytesText(each.back().bytes) + " (" + all + ")";
    return median;
}

Attribute capacityAttribute(const char* name, const Capacity& c, const std::string& seriesId, const std::string& what) {
    Attribute a;
    a.name = name;
    a.method = "p-chase by bisection, " + what;
    a.evidence = seriesId;
    a.value = static_cast<double>(c.bytes);
    a.confidence = c.decided ? 1.0 : 0.0;
    a.lowerBound = c.lowerBound;
    a.reason = c.reason;
    return a;
}

// The replica row: the far unit fills about a quarter of the near capacity, every line; the reader
// then reads 256 of those lines, spread evenly (its stride is 1/256 of the array), twice. Where
// there are no block reads, the reader walks every line twice and times 256 of each pass.
ChaseRequest replicaRow(const Setup& s, std::uint64_t knee) {
    if (!s.blockReads) return walkedRow(s, alignDown(knee / 4, s.stride), 0, 2);
    const auto spread = static_cast<std::uint32_t>(std::max<std::uint64_t>(s.stride, alignDown(knee / 4 / 256, s.stride)));
    ChaseRequest r = filledByFarUnit(s, std::uint64_t{spread} * 256, 0);
    r.strideBytes = spread;  // the far unit still reads every line (its own stride)
    r.recordLoads = 2 * 256;
    return r;
}

// The far unit fills a quarter of the near capacity; the reader then reads it twice. The first
// pass hits far; with replicas the second hits near.
void measureReplication(RunContext& ctx, const Setup& s, std::uint64_t knee) {
    const ChaseRequest request = replicaRow(s, knee);
    const std::uint64_t bytes = request.arrayBytes;
    const std::string id = "l2.partitions_replica";
    ctx.openSeries(id, "L2 Partitions Replica", SeriesKind::Sharing, s.target->element);
    const auto loads = ctx.chase(request).latencies;
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
    const std::string counts = "far hits " + std::to_string(static_cast<int>(100 * farFirst)) + " % in the first pass, " +
                               std::to_string(static_cast<int>(100 * farSecond)) + " % in the second";
    // Where the L2 homes a line by its address, about half the lines another unit filled are far
    // for the reader (51 % on the H100 and the H200), so the first pass needs some far hits, not
    // most; the verdict is the share of them still far in the second pass.
    constexpr double kSomeFar = 0.2;
    const double stillFar = farFirst > 0 ? farSecond / farFirst : 1;
    a.value = stillFar < 0.2 ? 1 : 0;
    if (farFirst < kSomeFar) {
        a = undecided(attr::farReplicated, counts + ": the first pass hardly hit far, so nothing to replicate");
        a.evidence = id;
    } else {
        a.confidence = (stillFar < 0.2 || stillFar > 0.8) ? 1.0 : 0.5;
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

PartitionInputs l2PartitionInputs(const Topology& topology, Element l2) {
    const Attribute* segments = topology.findDecided(l2, attr::segments);
    if (segments && segments->value < 2) return PartitionInputs::OnePartition;
    for (const char* name : {attr::size, attr::segments, attr::nearLatency, attr::farLatency})
        if (!topology.findDecided(l2, name)) return PartitionInputs::Missing;
    // Partitions of one L2 hold at most API / P each.
    const double api = static_cast<double>(topology.device.l2SizeBytes);
    if (api <= 0 || topology.findDecided(l2, attr::size)->value > api / segments->value) return PartitionInputs::SeparateL2s;
    return PartitionInputs::Present;
}

void measureL2Partitions(RunContext& ctx, const CacheTarget& target) {
    const PartitionInputs inputs = l2PartitionInputs(ctx.topology(), target.element);
    if (inputs == PartitionInputs::OnePartition) return;  // nothing near or far
    if (inputs == PartitionInputs::Missing) {
        ctx.report(target.element, undecided(attr::farCapacity, "needs the L2 knee and two or more measured partitions "
                                                                    "with their near and far latencies"));
        return;
    }
    const Attribute* knee = decided(ctx, target.element, attr::size);
    const Attribute* segments = decided(ctx, target.element, attr::segments);
    const Attribute* nearLatency = decided(ctx, target.element, attr::nearLatency);
    const Attribute* farLatency = decided(ctx, target.element, attr::farLatency);
    Setup s;
    s.target = &target;
    s.farUnit = unitOfOtherPartition(ctx, *segments, s.reader);
    s.stride = lineStride(ctx, target);
    s.nearFarCut = (nearLatency->value + farLatency->value) / 2;
    s.missCut = 1.25 * farLatency->value;
    s.blockReads = ctx.device().vendor == Vendor::Nvidia;
    if (s.farUnit < 0 || farLatency->value <= nearLatency->value) {
        ctx.report(target.element, undecided(attr::farCapacity, "no unit of another partition, or far hits no slower"));
        return;
    }
    if (inputs == PartitionInputs::SeparateL2s) return;
    const auto kneeBytes = static_cast<std::uint64_t>(knee->value);
    const double api = static_cast<double>(ctx.device().l2SizeBytes);
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
    const Capacity far = bisectAtPlacements(ctx, s, farId, low, farHigh, 0);
    ctx.report(target.element, capacityAttribute(attr::farCapacity, far, farId, "lines filled by a unit of another partition"));

    ctx.beginStep("L2 Partitions", "far lines read twice");
    measureReplication(ctx, s, kneeBytes);

    ctx.beginStep("L2 Partitions", "capacity of lines units of two partitions touched");
    const std::string sharedId = "l2.partitions_shared";
    ctx.openSeries(sharedId, "L2 Partitions Shared", SeriesKind::Size, target.element);
    const Capacity shared = bisectAtPlacements(ctx, s, sharedId, low, sharedHigh, 1);
    ctx.report(target.element,
               capacityAttribute(attr::sharedCapacity, shared, sharedId, "lines the reader and a unit of another partition touched"));
}

}  // namespace ts
