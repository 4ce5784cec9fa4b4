#include "benchmarks/cache_common.hpp"

#include <algorithm>

#include "benchmarks/cache_benchmarks.hpp"
#include "model/attribute_names.hpp"
#include "benchmarks/plan_runner.hpp"

namespace ts {

std::uint64_t alignDown(std::uint64_t bytes, std::uint64_t align) { return align ? bytes / align * align : bytes; }

std::string seriesId(const CacheTarget& target, const std::string& benchmark) {
    return target.idPrefix() + "." + benchmark;
}

bool startsAPage(std::size_t k, std::uint32_t stride) {
    return std::uint64_t{k} * stride % kSmallestPageBytes < stride;
}

std::vector<std::uint32_t> inPageLoads(const std::vector<std::uint32_t>& loads, std::uint32_t stride) {
    std::vector<std::uint32_t> kept;
    for (std::size_t k = 0; k < loads.size(); ++k)
        if (!startsAPage(k, stride)) kept.push_back(loads[k]);
    return kept;
}

std::uint32_t lineStride(const RunContext& ctx, const CacheTarget& target) {
    const auto* line = decided(ctx, target.element, attr::lineSize);
    if (!line) line = usableFetchGranularity(ctx, target.element);
    return line ? std::min(kMostInPageStride, static_cast<std::uint32_t>(line->value)) : 64;
}

std::uint32_t fillStride(const RunContext& ctx, const CacheTarget& target) {
    if (const auto* fg = usableFetchGranularity(ctx, target.element)) return static_cast<std::uint32_t>(fg->value);
    return lineStride(ctx, target);
}

std::uint64_t evictingFillBytes(RunContext& ctx, const CacheTarget& target, double cacheBytes, std::uint32_t stride) {
    const auto bytes = std::max<std::uint64_t>(alignDown(static_cast<std::uint64_t>(kEvictingFill * cacheBytes), stride), stride);
    return std::min(bytes, chaserLimit(ctx, target));
}

std::uint64_t chaserLimit(RunContext& ctx, const CacheTarget& target) {
    const std::uint64_t global = ctx.device().totalGlobalBytes ? ctx.device().totalGlobalBytes / 4 : (1ull << 31);
    return std::min({ctx.backend().maxArrayBytes(target.space), global, std::uint64_t{1} << 31});
}

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

std::uint64_t segmentReadBytes(double kneeBytes, std::uint32_t stride) {
    return alignDown(std::min<std::uint64_t>(static_cast<std::uint64_t>(kneeBytes / 4), 256 * 1024), stride);
}

const Attribute* decided(const RunContext& ctx, Element element, const std::string& name) {
    return const_cast<RunContext&>(ctx).topology().findDecided(element, name);
}

std::uint64_t passAboveBytes(const RunContext& ctx, const CacheTarget& target, std::uint32_t stride) {
    if (!target.above) return 0;
    const Attribute* size = decided(ctx, *target.above, attr::size);
    if (!size) return 0;
    const Attribute* line = decided(ctx, *target.above, attr::lineSize);
    if (!line) line = usableFetchGranularity(ctx, *target.above);
    const double scale = line && line->value > 0 ? std::max(1.0, stride / line->value) : 1.0;
    return static_cast<std::uint64_t>(2 * size->value * scale);
}

ChaseRequest chaseOver(Space space, std::uint64_t totalBytes, std::uint32_t stride, std::uint64_t splitAboveBytes) {
    ChaseRequest r;
    r.space = space;
    r.arrayBytes = totalBytes;
    r.strideBytes = stride;
    if (splitAboveBytes && totalBytes > splitAboveBytes) {
        r.arrayBytes = alignDown(splitAboveBytes, stride);
        r.second = SecondChaser{space, totalBytes - r.arrayBytes, stride, 1, Placement::SameThread, 0, -1, false};
    }
    return r;
}

std::uint32_t timedLoadSpacing(std::uint64_t loadsPerPass, std::uint32_t recordLoads, std::uint32_t strideBytes) {
    const std::uint64_t spacing = std::max<std::uint64_t>(1, loadsPerPass / std::max<std::uint32_t>(1, recordLoads));
    return static_cast<std::uint32_t>(spacing > 1 && spacing * strideBytes % kSmallestPageBytes == 0 ? spacing - 1 : spacing);
}

const Attribute* usableFetchGranularity(const RunContext& ctx, Element element) {
    const Attribute* a = const_cast<RunContext&>(ctx).topology().find(element, attr::fetchGranularity);
    return a && a->value > 0 && (a->confidence > 0 || a->upperBound) ? a : nullptr;
}

}  // namespace ts

namespace ts {

const Attribute* undisturbed(const Attribute* input) {
    return input && !input->hasMark(Mark::SharedGpu) ? input : nullptr;
}

void noteIfDisturbedBeyondOccupancy(RunContext& ctx, Element element, const Attribute* input) {
    if (input && input->hasMark(Mark::OccupancyLimited)) return;
    noteIfDisturbed(ctx, element, input);
}

void noteIfDisturbed(RunContext& ctx, Element element, const Attribute* input) {
    if (input && input->hasMark(Mark::SharedGpu))
        ctx.noteDisturbedInput(std::string(displayName(element)) + " " + input->name);
}

}  // namespace ts
