#include "analysis/analysis.hpp"
#include "benchmarks/attributes.hpp"
#include "benchmarks/device_benchmarks.hpp"
#include "benchmarks/sweep_runner.hpp"
#include "model/attribute_names.hpp"

namespace ts {

void measureScratchpadLatency(RunContext& ctx) {
    const bool nvidia = ctx.device().vendor == Vendor::Nvidia;
    const Space space = nvidia ? Space::Shared : Space::Lds;
    const Element element = nvidia ? Element::Shared : Element::Lds;
    const std::string title = nvidia ? "Shared Memory Latency" : "LDS Latency";
    ctx.beginStep(title, "chase in on-chip scratchpad memory");
    ChaseRequest r;
    r.space = space;
    r.arrayBytes = std::min<std::uint64_t>(4096, ctx.backend().maxArrayBytes(space));
    r.strideBytes = 4;
    r.warmupPasses = 1;
    r.recordLoads = 256;
    SweepRunner runner(ctx, std::string(toString(element)) + ".latency", title, SeriesKind::Latency, element);
    const auto samples = runner.run({r}, false).front();
    runner.finish();

    ctx.report(element, latencyAttribute(attr::latency, samples, runner.sorted().id));
}

}  // namespace ts
