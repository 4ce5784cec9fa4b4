#include "benchmarks/discovery.hpp"

#include <algorithm>
#include <chrono>
#include <functional>
#include <sstream>
#include <thread>

#include "benchmarks/assoc_benchmarks.hpp"
#include "benchmarks/benchmark_groups.hpp"
#include "model/api_attributes.hpp"
#include "benchmarks/cache_benchmarks.hpp"
#include "benchmarks/constant_l15_size.hpp"
#include "benchmarks/l2_partitions.hpp"
#include "benchmarks/device_benchmarks.hpp"
#include "analysis/robust.hpp"
#include "benchmarks/interference_guard.hpp"
#include "benchmarks/plan_runner.hpp"
#include "benchmarks/plan_work.hpp"
#include "benchmarks/run_context.hpp"
#include "benchmarks/targets.hpp"
#include "benchmarks/unit_benchmarks.hpp"
#include "model/timestamp.hpp"
#include "model/attribute_names.hpp"

namespace ts {
namespace {

bool wants(const DiscoveryOptions& o, const std::string& group) { return runsGroup(o.groups, group); }

class PlanBuilder {
public:
    PlanBuilder(const DeviceInfo& device, const DiscoveryOptions& options)
        : targets_(cacheTargets(device.vendor)), options_(options), device_(device) {}

    std::vector<PlanItem> build() {
        const Vendor vendor = device_.vendor;
        // Selected groups, in the order that makes the L1 appear first.
        for (const char* group : {"l1", "texture", "readonly", "constant", "scalar", "l2"})
            if (wants(options_, group))
                for (const auto& t : targets_)
                    if (t.group == group && selected(t.element)) addCacheItems(t, true);
        for (const char* group : {"l1", "l2"})  // issue 22: set structure of the data caches
            if (wants(options_, group))
                for (const auto& t : targets_)
                    if (t.group == group && selected(t.element)) addSetItems(t);
        if (wants(options_, "l2"))
            if (const CacheTarget* l2 = findTarget(targets_, Element::L2)) {
                add({"L2 Segments", [t = *l2](RunContext& c) { measureL2Segments(c, t); }, Element::L2, attr::segmentSize},
                    WorkKind::Sweep);
                PlanItem distance{"L2 Distance", [t = *l2](RunContext& c) { measureL2Distance(c, t); }, Element::L2,
                                  attr::nearLatencySpread};
                distance.also = {{Element::L2, attr::farLatencySpread}};
                add(std::move(distance), WorkKind::Sweep);
            }
        if (wants(options_, "shared"))
            add({"Scratchpad Latency", measureScratchpadLatency, vendor == Vendor::Nvidia ? Element::Shared : Element::Lds,
                 attr::latency},
                WorkKind::Latency);
        if (wants(options_, "memory")) {
            PlanItem memory{"Main Memory Latency", measureDeviceMemoryLatency, Element::DeviceMemory, attr::latency};
            memory.also = {{Element::DeviceMemory, attr::latencyTlbMiss}};
            add(std::move(memory), WorkKind::Latency);
        }
        if (wants(options_, "sharing")) addSharingItems(vendor);
        // The set structure of the other caches, after the sharing tells which are one with a
        // cache measured above (those are not walked again).
        for (const char* group : {"texture", "readonly", "constant", "scalar"})
            if (wants(options_, group))
                for (const auto& t : targets_)
                    if (t.group == group && !t.above && selected(t.element)) addSetItems(t, true);
        if (wants(options_, "bandwidth")) add(bandwidthItem(), WorkKind::Sweep);
        if (wants(options_, "roofline")) {
            add(rooflineItem(), WorkKind::Sweep);
            add(PlanItem{"Write Policy", measureWritePolicy}, WorkKind::Sweep);
        }
        // Last: its long chases come after every other benchmark, so they leave the others as
        // they were (the simulator's noise follows the order of calls).
        if (wants(options_, "l2"))
            if (const CacheTarget* l2 = findTarget(targets_, Element::L2)) {
                PlanItem partitions{"L2 Partitions", [t = *l2](RunContext& c) { measureL2Partitions(c, t); }};  // issue 21
                partitions.readsDeviceWideOccupancy = true;
                partitions.workGiven = partitionsWorkGiven(device_);
                add(std::move(partitions), WorkKind::Partitions);
            }
        // After everything: its walks span most of the device memory (tlb_levels.cpp).
        if (wants(options_, "memory"))
            add({"TLB Levels", [span = options_.tlbWalkBytes](RunContext& c) { measureTlbLevels(c, span); },
                 Element::DeviceMemory, attr::tlbLevels},
                WorkKind::Sweep);
        // Issue 39: where thread-block clusters run. Last: the simulator's noise follows the order
        // of the chases, and this benchmark adds none before the sentinel after it.
        if (wants(options_, "layout") && findBenchmarkGroup("layout")->existsOn(vendor)) {
            PlanItem layout{"SM Layout", measureSmLayout, Element::Compute, attr::tpcs};
            layout.also = {{Element::Compute, attr::gpcs}, {Element::Compute, attr::largestClusterSize}};
            add(std::move(layout), WorkKind::Moment);
        }
        return std::move(items_);
    }

private:
    // Every attribute the bandwidth benchmark measures, so a failure marks them instead of
    // dropping them. Where the roofline runs, it reads and writes and this copies.
    PlanItem bandwidthItem() const {
        const bool rooflineRuns = wants(options_, "roofline");
        PlanItem item{"Bandwidth", [rooflineRuns](RunContext& c) { measureBandwidth(c, rooflineRuns); }};
        item.also.push_back({Element::DeviceMemory, attr::copyBandwidth});
        if (rooflineRuns) return item;
        for (Element level : {Element::DeviceMemory, Element::L2, Element::L3})
            if (level == Element::DeviceMemory || findTarget(targets_, level))
                for (const char* name : {attr::readBandwidth, attr::writeBandwidth}) item.also.push_back({level, name});
        return item;
    }

    // The roofline marks its own failures, level by level.
    PlanItem rooflineItem() const { return PlanItem{"Roofline", measureLevelBandwidth}; }

    void addCacheItems(const CacheTarget& t, bool full) {
        if (t.above)
            if (const CacheTarget* above = findTarget(targets_, *t.above)) addCacheItems(*above, false);
        addOnce({t.title + " Fetch Granularity", [t](RunContext& c) { measureFetchGranularity(c, t); }, t.element,
                 attr::fetchGranularity},
                WorkKind::FetchGranularity);
        PlanItem size{t.title + " Size", [t](RunContext& c) { measureSize(c, t); }, t.element, attr::size};
        size.readsDeviceWideOccupancy = t.element == Element::L2 || t.element == Element::L3;  // every context's
        addOnce(std::move(size), WorkKind::Size);
        // Issue 21: a constant cache behind another gets a second size search inside one bank
        // where the search above leaves the size open. It runs within the line-size item, which
        // needs its result: no item of its own, so where it has nothing to do the plan is as before.
        addOnce({t.title + " Line Size",
                 [t](RunContext& c) {
                     if (t.space == Space::Constant && t.above) measureConstantSizeInOneBank(c, t);
                     measureLineSize(c, t);
                     // The constant L1 keeps lines the L1.5 evicted: no walk sees the L1.5's
                     // conflicts. (The L3 behind an L2 is measured by its random fills.)
                     if (t.space == Space::Constant && t.above)
                         reportUnmeasuredSets(c, t, "behind " + std::string(displayName(*t.above)) +
                                                        ", whose hits hide this cache's conflicts");
                 },
                 t.element, attr::lineSize},
                WorkKind::LineSize);
        if (!full) return;
        addOnce({t.title + " Latency", [t](RunContext& c) { measureLatency(c, t); }, t.element, attr::latency}, WorkKind::Latency);
        addOnce({t.title + " Miss Penalty", [t](RunContext& c) { measureMissPenalty(c, t); }, t.element, attr::missPenalty},
                WorkKind::MissPenalty);
    }

    // afterSharing: the sharing may find the cache one with another, whose set structure it then
    // takes (a moment's work).
    void addSetItems(const CacheTarget& t, bool afterSharing = false) {
        PlanItem associativity{t.title + " Associativity", [t](RunContext& c) { measureAssociativity(c, t); }, t.element, attr::ways};
        // Its random fill may make the capacity the size: every context's lines move it, as the knee.
        associativity.readsDeviceWideOccupancy = t.element == Element::L2 || t.element == Element::L3;
        // The texture and read-only paths of every NVIDIA GPU since Volta end in the L1: expected
        // to take its set structure (an estimate of time, revised once the sharing is known).
        const bool likelyTaken = afterSharing && (t.group == "texture" || t.group == "readonly");
        associativity.workGiven = associativityWorkGiven(t.element, device_, afterSharing);
        addOnce(std::move(associativity), likelyTaken ? WorkKind::Moment : WorkKind::Associativity);
        PlanItem policy{t.title + " Replacement Policy", [t](RunContext& c) { measureReplacementPolicy(c, t); }, t.element,
                        attr::replacementPolicy};
        policy.workGiven = policyWorkGiven(t.element, device_, afterSharing);
        addOnce(std::move(policy), likelyTaken ? WorkKind::Moment : WorkKind::ReplacementPolicy);
    }

    void addSharingItems(Vendor vendor) {
        for (const auto& t : targets_)
            if (measuredForSharing(t) && selected(t.element)) addCacheItems(t, false);
        for (const auto& t : targets_)
            if (t.unitPrivate && selected(t.element))
                addOnce({t.title + " Amount", [t](RunContext& c) { measureAmount(c, t); }, t.element, attr::amountPerUnit},
                        WorkKind::Amount);
        addOnce({"Physical Sharing", [targets = targets_](RunContext& c) { measurePhysicalSharing(c, targets); }},
                WorkKind::PhysicalSharing);
        if (vendor == Vendor::Amd)
            if (const CacheTarget* s = findTarget(targets_, Element::SL1D))
                addOnce({"Scalar L1 CU Sharing", [t = *s](RunContext& c) { measureCuSharing(c, t); }, s->element,
                         attr::sharedBetween},
                        WorkKind::CuSharing);
    }

    bool selected(Element e) const { return options_.elements.empty() || options_.elements.count(e) > 0; }

    void add(PlanItem item, WorkKind kind) {
        item.work = estimatedWork(kind, item.element, device_);
        items_.push_back(std::move(item));
    }

    void addOnce(PlanItem item, WorkKind kind) {
        if (std::none_of(items_.begin(), items_.end(), [&](const PlanItem& i) { return i.name == item.name; }))
            add(std::move(item), kind);
    }

    std::vector<CacheTarget> targets_;
    const DiscoveryOptions& options_;
    const DeviceInfo& device_;
    std::vector<PlanItem> items_;
};

// Is another process using the GPU now? The driver's busy foreign contexts, else a sentinel
// chase with a pre-emption gap (the driver may not see processes of other containers).
std::string sharedNow(Backend& backend, const InterferenceGuard& guard, SharedGpuLog& log, bool probe) {
    log.refresh(backend, true);
    const std::string busy = log.busyNeighbours();
    if (!busy.empty())
        return "the driver lists " + busy + " (GPU " + std::to_string(log.driver().utilisationPercent) + " % busy)";
    if (!probe || !guard.active()) return {};
    const auto latencies = backend.chase(guard.reference()).latencies;
    if (InterferenceGuard::hasGap(latencies))
        return "a sentinel chase was pre-empted (a timed load took " +
               std::to_string(*std::max_element(latencies.begin(), latencies.end())) + " cycles)";
    return {};
}

void noteDriverView(DeviceInfo& device, const SharedGpuLog& log) {
    const GpuActivity& d = log.driver();
    if (!d.known) {
        device.extra["otherProcesses"] = "unknown: " + (d.problem.empty() ? "the backend cannot ask the driver" : d.problem);
        return;
    }
    device.extra["otherProcesses"] = d.others.empty() ? "none listed by the driver" : log.listedNeighbours();
    if (d.utilisationPercent >= 0)
        device.extra["gpuUtilisationBeforeRun"] = std::to_string(d.utilisationPercent) + " %";
}

// --wait-for-idle and --exclusive: before the first benchmark. Returns a warning (empty: none).
std::string checkBeforeRun(Backend& backend, const DiscoveryOptions& options, const CancelToken& cancel,
                           const InterferenceGuard& guard, SharedGpuLog& log) {
    // Without --wait-for-idle or --exclusive the driver's word suffices here: the sentinels of
    // the first benchmark see the rest.
    const bool probe = options.exclusive || options.waitForIdleSeconds > 0;
    std::string shared = sharedNow(backend, guard, log, probe);
    // Counted in the waits themselves, so a simulated neighbour (whose time the waits move on)
    // is waited for as long as a real one.
    const auto step = std::chrono::milliseconds(500);
    double waited = 0;
    while (!shared.empty() && waited < options.waitForIdleSeconds) {
        cancel.throwIfCancelled();
        backend.pause(step);
        waited += std::chrono::duration<double>(step).count();
        shared = sharedNow(backend, guard, log, probe);
    }
    if (shared.empty()) return {};
    if (options.exclusive) throw SharedGpuRefused("refusing to measure on a shared GPU (--exclusive): " + shared);
    std::ostringstream out;
    out << kSharedGpuMark << ": another process uses the GPU (" << shared << ")";
    if (options.waitForIdleSeconds > 0) out << " after waiting " << options.waitForIdleSeconds << " s; measuring anyway";
    return out.str();
}

void measureTimerOverhead(RunContext& ctx) {
    const auto samples = ctx.timerOverhead(256);
    ctx.topology().timerOverheadCycles = samples.empty() ? 0 : median(samples);
}

void warnSharedSummary(RunContext& ctx, const InterferenceGuard& guard) {
    const SharedGpuLog& log = ctx.shared();
    if (log.disturbed() == 0 && !guard.neighbourSeen()) return;
    std::ostringstream out;
    out << kSharedGpuMark << ": another process used the GPU during the run; " << guard.chasesCleaned()
        << " pre-empted chase(s) measured again clean; " << log.disturbed() << " benchmark(s) disturbed, "
        << log.cleaned().size() << " measured again undisturbed, " << log.capped().size()
        << " kept at confidence at most 0.5";
    for (std::size_t i = 0; i < log.capped().size(); ++i) out << (i ? ", " : " (") << log.capped()[i];
    if (!log.capped().empty()) out << ")";
    ctx.warnSharedGpu(out.str());
}

}  // namespace

void runDiscovery(Backend& backend, const DiscoveryOptions& options, Observer& observer, const CancelToken& cancel,
                  Topology& topology) {
    topology.device = backend.queryDevice();
    topology.toolVersion = TOPOSCOPE_VERSION;
    topology.toolBuild = buildInfo();
    topology.timestamp = utcTimestamp();
    InterferenceGuard guard(backend, topology.device.vendor, topology.device.l2SizeBytes);
    RunContext ctx(backend, topology, observer, cancel);
    const std::string sharedAtStart = checkBeforeRun(backend, options, cancel, guard, ctx.shared());
    noteDriverView(topology.device, ctx.shared());
    observer.onDevice(topology.device);
    addApiAttributes(topology);
    if (!sharedAtStart.empty()) ctx.warnSharedGpu(sharedAtStart);

    const Vendor vendor = topology.device.vendor;
    for (const auto& group : options.named.empty() ? options.groups : options.named)
        if (const BenchmarkGroup* g = findBenchmarkGroup(group); g && !g->existsOn(vendor))
            ctx.warn("group '" + group + "' does not exist on " + std::string(toString(vendor)) + " GPUs: skipped");
    const auto plan = PlanBuilder(ctx.device(), options).build();
    std::vector<double> work{estimatedWork(WorkKind::Timer, Element::L1, ctx.device())};
    for (const auto& item : plan) work.push_back(item.work);
    ctx.setPlanWork(std::move(work));
    ctx.attachGuard(&guard);
    const PlanItem timer{"Timer Overhead", [](RunContext& c) {
                             measureTimerOverhead(c);
                             c.calibrateGuard();
                         }};
    runPlanItem(ctx, timer);
    ctx.finishPlanItem();
    for (std::size_t i = 0; i < plan.size(); ++i) {
        const PlanItem& item = plan[i];
        ctx.beginStep(item.name, "start");
        if (ctx.deviceLost().empty()) runPlanItem(ctx, item);
        else skipPlanItem(ctx, item);
        for (std::size_t later = i + 1; later < plan.size(); ++later)  // the timer is item 0 of the progress
            if (const auto work = plan[later].workGiven ? plan[later].workGiven(ctx.topology()) : std::nullopt)
                ctx.reviseWork(later + 1, *work);
        ctx.finishPlanItem();
        if (options.exclusive && guard.neighbourSeen())
            throw SharedGpuRefused("stopped (--exclusive): another process started using the GPU during " + item.name +
                                   " (" + guard.describe() + ")");
        ctx.shared().refresh(backend, false);
    }
    warnSharedSummary(ctx, guard);
    ctx.beginStep("done", "");
}

}  // namespace ts
