#include "bench/discovery.hpp"

#include <algorithm>
#include <chrono>
#include <functional>
#include <sstream>

#include "bench/api_attributes.hpp"
#include "bench/cache_benchmarks.hpp"
#include "bench/device_benchmarks.hpp"
#include "bench/hit_reference.hpp"
#include "bench/interference_guard.hpp"
#include "bench/plan_runner.hpp"
#include "bench/run_context.hpp"
#include "bench/targets.hpp"
#include "bench/unit_benchmarks.hpp"
#include "model/timestamp.hpp"

namespace ts {
namespace {

bool wants(const DiscoveryOptions& o, const std::string& group) { return o.groups.empty() || o.groups.count(group); }

class PlanBuilder {
public:
    PlanBuilder(Vendor vendor, const DiscoveryOptions& options) : targets_(cacheTargets(vendor)), options_(options) {}

    std::vector<PlanItem> build(Vendor vendor) {
        // Selected groups, in the order that makes the L1 appear first.
        for (const char* group : {"l1", "texture", "readonly", "constant", "scalar", "l2"})
            if (wants(options_, group))
                for (const auto& t : targets_)
                    if (t.group == group && selected(t.element)) addCacheItems(t, true);
        if (wants(options_, "l2"))
            if (const CacheTarget* l2 = findTarget(targets_, Element::L2))
                items_.push_back({"L2 Segments", [t = *l2](RunContext& c) { measureL2Segments(c, t); }, Element::L2,
                                  "segmentSize", "bytes"});
        if (wants(options_, "shared"))
            items_.push_back({"Scratchpad Latency", measureScratchpadLatency,
                              vendor == Vendor::Nvidia ? Element::Shared : Element::Lds, "latency", "cycles"});
        if (wants(options_, "memory"))
            items_.push_back({"Main Memory Latency", measureDeviceMemoryLatency, Element::DeviceMemory, "latency", "cycles"});
        if (wants(options_, "sharing")) addSharingItems(vendor);
        if (wants(options_, "bandwidth")) items_.push_back({"Bandwidth", measureBandwidth});
        return std::move(items_);
    }

private:
    void addCacheItems(const CacheTarget& t, bool full) {
        if (t.above)
            if (const CacheTarget* above = findTarget(targets_, *t.above)) addCacheItems(*above, false);
        addOnce({t.title + " Fetch Granularity", [t](RunContext& c) { measureFetchGranularity(c, t); }, t.element,
                 "fetchGranularity", "bytes"});
        addOnce({t.title + " Size", [t](RunContext& c) { measureSize(c, t); }, t.element, "size", "bytes"});
        addOnce({t.title + " Line Size", [t](RunContext& c) { measureLineSize(c, t); }, t.element, "lineSize", "bytes"});
        if (!full) return;
        addOnce({t.title + " Latency", [t](RunContext& c) { measureLatency(c, t); }, t.element, "latency", "cycles"});
        addOnce({t.title + " Miss Penalty", [t](RunContext& c) { measureMissPenalty(c, t); }, t.element, "missPenalty",
                 "cycles"});
    }

    void addSharingItems(Vendor vendor) {
        for (const auto& t : targets_)
            if (!t.above && t.space != Space::GlobalL2 && t.space != Space::VectorL2 && selected(t.element))
                addCacheItems(t, false);
        for (const auto& t : targets_)
            if (t.unitPrivate && selected(t.element))
                addOnce({t.title + " Amount", [t](RunContext& c) { measureAmount(c, t); }, t.element, "amountPerUnit", ""});
        addOnce({"Physical Sharing", [targets = targets_](RunContext& c) { measurePhysicalSharing(c, targets); }});
        if (vendor == Vendor::Amd)
            if (const CacheTarget* s = findTarget(targets_, Element::SL1D))
                addOnce({"Scalar L1 CU Sharing", [t = *s](RunContext& c) { measureCuSharing(c, t); }, s->element,
                         "sharedBetween", ""});
    }

    bool selected(Element e) const { return options_.elements.empty() || options_.elements.count(e) > 0; }

    void addOnce(PlanItem item) {
        if (std::none_of(items_.begin(), items_.end(), [&](const PlanItem& i) { return i.name == item.name; }))
            items_.push_back(std::move(item));
    }

    std::vector<CacheTarget> targets_;
    const DiscoveryOptions& options_;
    std::vector<PlanItem> items_;
};

void measureTimerOverhead(RunContext& ctx) {
    const auto samples = ctx.timerOverhead(256);
    ctx.topology().timerOverheadCycles = samples.empty() ? 0 : median(samples);
}

}  // namespace

const std::vector<std::string>& benchmarkGroups() {
    static const std::vector<std::string> groups{"l1",     "l2",     "texture", "readonly", "constant",
                                                 "shared", "memory", "scalar",  "sharing",  "bandwidth"};
    return groups;
}

bool parseGroups(const std::string& csv, std::set<std::string>& groups, std::string& error) {
    std::stringstream in(csv);
    std::string name;
    while (std::getline(in, name, ',')) {
        if (name.empty()) continue;
        const auto& all = benchmarkGroups();
        if (std::find(all.begin(), all.end(), name) == all.end()) {
            error = "unknown benchmark group '" + name + "' (known: l1, l2, texture, readonly, constant, shared, "
                    "memory, scalar, sharing, bandwidth)";
            return false;
        }
        groups.insert(name);
    }
    if (groups.empty()) {
        error = "no benchmark group given";
        return false;
    }
    return true;
}

void runDiscovery(Backend& backend, const DiscoveryOptions& options, Observer& observer, const CancelToken& cancel,
                  Topology& topology) {
    topology.device = backend.queryDevice();
    topology.toolVersion = TOPOSCOPE_VERSION;
    topology.toolBuild = buildInfo();
    topology.timestamp = utcTimestamp();
    observer.onDevice(topology.device);
    addApiAttributes(topology);

    RunContext ctx(backend, topology, observer, cancel);
    const Vendor vendor = topology.device.vendor;
    for (const auto& group : options.groups) {
        const bool nvidiaOnly = group == "texture" || group == "readonly" || group == "constant";
        if ((vendor == Vendor::Amd && nvidiaOnly) || (vendor == Vendor::Nvidia && group == "scalar"))
            ctx.warn("group '" + group + "' does not exist on " + std::string(toString(vendor)) + " GPUs: skipped");
    }
    const auto plan = PlanBuilder(vendor, options).build(vendor);
    ctx.setPlanSize(static_cast<int>(plan.size()) + 1);
    InterferenceGuard guard(backend, vendor);
    ctx.attachGuard(&guard);
    const PlanItem timer{"Timer Overhead", [](RunContext& c) {
                             measureTimerOverhead(c);
                             c.calibrateGuard();
                         }};
    runPlanItem(ctx, timer);
    ctx.finishPlanItem();
    for (const auto& item : plan) {
        ctx.beginStep(item.name, "start");
        if (ctx.deviceLost().empty()) runPlanItem(ctx, item);
        else skipPlanItem(ctx, item);
        ctx.finishPlanItem();
    }
    ctx.beginStep("done", "");
}

}  // namespace ts
