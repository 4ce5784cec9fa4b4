#include <algorithm>

#include "analysis/analysis.hpp"
#include "analysis/page_crossing.hpp"
#include "benchmarks/attributes.hpp"
#include "benchmarks/cache_benchmarks.hpp"
#include "benchmarks/cache_common.hpp"
#include "benchmarks/device_benchmarks.hpp"
#include "benchmarks/sweep_runner.hpp"
#include "model/attribute_names.hpp"

namespace ts {
namespace {

constexpr std::uint32_t kSamples = 2048;
Attribute inPageLatency(const std::vector<std::uint32_t>& samples, std::uint32_t stride, const std::string& evidence) {
    Attribute a = latencyAttribute(attr::latency, samples, evidence, "p-chase, cold",
                                   "cold chase, stride " + std::to_string(stride) +
                                       " B: TLB hits except on the first load of each page; overhead not subtracted");
    const HalvesCheck halves = compareHalves(samples);
    if (a.confidence > 0 && !halves.agree) {
        a.confidence = 0.5;
        a.reason += "; the chase's two halves disagree: " + std::to_string(static_cast<long>(halves.firstMedian)) +
                    " vs " + std::to_string(static_cast<long>(halves.secondMedian)) + " cycles";
    }
    return a;
}

// Reported as a TLB-miss cost only when the page-crossing loads were measurably slower than the
// in-page ones: a chase over fewer pages than the TLBs hold measures memory, not a miss.
Attribute tlbMissLatency(const std::vector<std::uint32_t>& inPage, const std::vector<std::uint32_t>& crossing,
                         std::uint64_t spanBytes, const std::string& evidence) {
    Attribute a = latencyAttribute(attr::latencyTlbMiss, crossing, evidence, "p-chase, cold");
    const PageCrossingVerdict verdict =
        judgePageCrossing(inPage, crossing, std::to_string(spanBytes >> 20) + " MiB");
    a.confidence = std::min(a.confidence, verdict.confidence);
    a.reason = verdict.reason;
    return a;
}

}  // namespace

// Cold L1-bypassing chases, so every load goes to device memory: one with a stride
// of a few lines (TLB entries reused within each page), one with a stride just above
// 2 MiB (a new page, so a TLB miss, on every load).
void measureDeviceMemoryLatency(RunContext& ctx) {
    const bool nvidia = ctx.device().vendor == Vendor::Nvidia;
    const Space space = nvidia ? Space::GlobalL2 : Space::VectorL2;
    const Attribute* l2Line = decided(ctx, Element::L2, attr::lineSize);
    const std::uint32_t lineStride =
        std::min(kMostInPageStride, l2Line ? static_cast<std::uint32_t>(2 * l2Line->value) : 256u);
    const std::uint32_t pageStride = (2u << 20) + lineStride;
    const std::uint64_t limit = std::min<std::uint64_t>(ctx.backend().maxArrayBytes(space),
                                                        ctx.device().totalGlobalBytes ? ctx.device().totalGlobalBytes / 8 : (1ull << 30));
    const std::string title = "Main Memory Latency";
    ctx.beginStep(title, "cold chases");
    SweepRunner runner(ctx, "device_memory.latency", title, SeriesKind::Latency, Element::DeviceMemory);

    ChaseRequest r;
    r.space = space;
    r.warmupPasses = 0;
    r.recordLoads = kSamples;
    r.strideBytes = lineStride;
    r.arrayBytes = std::uint64_t{lineStride} * kSamples;
    const auto inPage = runner.run({r}, false, {SeriesRow{static_cast<double>(lineStride), 0, "tlb-warm", 0, {}}}).front();
    ctx.report(Element::DeviceMemory, inPageLatency(inPage, lineStride, runner.sorted().id));

    const std::uint64_t loads = std::min<std::uint64_t>(512, limit / pageStride);
    if (loads >= 16) {
        r.strideBytes = pageStride;
        r.arrayBytes = pageStride * loads;
        r.recordLoads = static_cast<std::uint32_t>(loads);
        const auto crossing =
            runner.run({r}, false, {SeriesRow{static_cast<double>(pageStride), 0, "tlb-miss", 0, {}}}).front();
        ctx.report(Element::DeviceMemory, tlbMissLatency(inPage, crossing, r.arrayBytes, runner.sorted().id));
    }
    runner.finish();
}

}  // namespace ts
