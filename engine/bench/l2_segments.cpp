#include <algorithm>
#include <cmath>
#include <string>

#include "analysis/analysis.hpp"
#include "bench/cache_benchmarks.hpp"
#include "bench/cache_common.hpp"
#include "bench/hit_reference.hpp"
#include "bench/unit_benchmarks.hpp"

namespace ts {
namespace {

// Unit `filler` warms an array with L1-bypassing loads; unit `reader` then times it cold.
std::vector<std::uint32_t> readFilledBy(RunContext& ctx, const CacheTarget& target, int reader, int filler,
                                        std::uint64_t bytes, std::uint32_t stride) {
    ChaseRequest r;
    r.space = target.space;
    r.arrayBytes = bytes;
    r.strideBytes = stride;
    r.warmupPasses = 0;
    r.recordLoads = static_cast<std::uint32_t>(std::min<std::uint64_t>(256, bytes / stride));
    r.unit = reader;
    r.second = SecondChaser{target.space, bytes, stride, 1, Placement::OtherUnit, 0, filler, true};
    return ctx.chase(r).latencies;
}

void reportFraction(RunContext& ctx, const Attribute& knee) {
    const double api = static_cast<double>(ctx.device().l2SizeBytes);
    if (api <= 0 || knee.value <= 0) return;
    Attribute a;
    a.name = "segmentFraction";
    a.method = "nearest 1/k of the API L2 size to the measured knee";
    a.value = std::max(1.0, std::round(api / knee.value));
    a.confidence = knee.confidence;
    a.reason = "knee " + std::to_string(static_cast<long long>(knee.value)) + " B is " +
               std::to_string(knee.value / api) + " of the API L2 size " +
               std::to_string(static_cast<long long>(api)) + " B";
    a.evidence = knee.evidence;
    ctx.report(Element::L2, a);
}

}  // namespace

// Every unit reads lines that unit 0 filled: a near-segment hit or a far one. The per-unit
// medians split into classes (Otsu); a unit of the slow class then serves as the next filler
// until every unit has a near class.
void measureL2Segments(RunContext& ctx, const CacheTarget& target) {
    const Attribute* knee = decided(ctx, target.element, "size");
    if (!knee) {
        ctx.report(target.element, undecided("segments", "", "L2 knee unknown"));
        return;
    }
    Attribute segmentSize = *knee;
    segmentSize.name = "segmentSize";
    segmentSize.reason = "measured knee of an L1-bypassing sweep on one unit (usable L2 per unit)";
    ctx.report(target.element, segmentSize);
    reportFraction(ctx, segmentSize);

    const int units = ctx.device().unitCount;
    const std::uint32_t stride = lineStride(ctx, target);
    const std::uint64_t bytes = alignDown(std::min<std::uint64_t>(static_cast<std::uint64_t>(knee->value / 4), 256 * 1024), stride);
    const std::string id = "l2.segments";
    ctx.openSeries(id, "L2 Segments", SeriesKind::Sharing, target.element);

    std::vector<int> group(static_cast<std::size_t>(units), -1);
    std::vector<std::vector<std::uint32_t>> nearSamples, farSamples;
    int filler = 0;
    int groups = 0;
    while (filler >= 0) {
        ctx.beginStep("L2 Segments", "units reading what unit " + std::to_string(filler) + " filled");
        std::vector<double> medians(static_cast<std::size_t>(units), 0);
        std::vector<std::vector<std::uint32_t>> samples(static_cast<std::size_t>(units));
        std::vector<SeriesRow> rows;
        std::vector<std::uint32_t> pooledMedians;
        for (int u = 0; u < units; ++u) {
            samples[static_cast<std::size_t>(u)] = readFilledBy(ctx, target, u, filler, bytes, stride);
            medians[static_cast<std::size_t>(u)] = median(samples[static_cast<std::size_t>(u)]);
            pooledMedians.push_back(static_cast<std::uint32_t>(medians[static_cast<std::size_t>(u)]));
            rows.push_back(SeriesRow{static_cast<double>(u), static_cast<double>(filler), "filled by " + std::to_string(filler),
                                     medians[static_cast<std::size_t>(u)], samples[static_cast<std::size_t>(u)]});
        }
        ctx.appendRows(id, std::move(rows));
        const HitMissSplit split = splitHitMiss(pooledMedians);
        int nextFiller = -1;
        for (int u = 0; u < units; ++u) {
            const bool isNear = !split.separable || medians[static_cast<std::size_t>(u)] <= split.threshold;
            if (isNear && group[static_cast<std::size_t>(u)] < 0) {
                group[static_cast<std::size_t>(u)] = groups;
                nearSamples.push_back(samples[static_cast<std::size_t>(u)]);
            } else if (!isNear) {
                farSamples.push_back(samples[static_cast<std::size_t>(u)]);
            }
            if (group[static_cast<std::size_t>(u)] < 0 && nextFiller < 0) nextFiller = u;
        }
        if (group[static_cast<std::size_t>(filler)] < 0) {  // the filler must be near its own data
            ctx.warn("L2 segments: unit " + std::to_string(filler) + " was not near the data it filled; stopped");
            break;
        }
        ++groups;
        filler = nextFiller;
    }

    Attribute segments;
    segments.name = "segments";
    segments.method = "near/far hit latency of data filled by another unit";
    segments.evidence = id;
    segments.value = groups;
    segments.confidence = std::all_of(group.begin(), group.end(), [](int g) { return g >= 0; }) ? 1.0 : 0.0;
    for (int g = 0; g < groups; ++g) {
        std::vector<int> members;
        for (int u = 0; u < units; ++u)
            if (group[static_cast<std::size_t>(u)] == g) members.push_back(ctx.device().physicalId(u));
        segments.groups.push_back(members);
    }
    segments.reason = "units grouped by the L2 segment (or instance) they hit fastest";
    ctx.report(target.element, segments);

    auto pooled = [](const std::vector<std::vector<std::uint32_t>>& parts) {
        std::vector<std::uint32_t> all;
        for (const auto& p : parts) all.insert(all.end(), p.begin(), p.end());
        return all;
    };
    for (const auto& [name, parts] : {std::pair{"nearLatency", &nearSamples}, std::pair{"farLatency", &farSamples}}) {
        const auto all = pooled(*parts);
        if (all.empty()) continue;
        Attribute a;
        a.name = name;
        a.unit = "cycles";
        a.stats = latencyStats(all);
        a.value = a.stats->p50;  // the median: one delayed load must not move it
        a.method = "p-chase, data filled by another unit";
        a.evidence = id;
        a.reason = "timer overhead included, not subtracted";
        ctx.report(target.element, a);
    }
}

}  // namespace ts
