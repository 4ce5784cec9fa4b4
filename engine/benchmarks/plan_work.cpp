#include "benchmarks/plan_work.hpp"

#include <algorithm>

#include "benchmarks/cache_capacity.hpp"
#include "model/attribute_names.hpp"

namespace ts {
namespace {

double baseWork(WorkKind kind) {
    switch (kind) {
        case WorkKind::Timer: return 0.1;
        case WorkKind::FetchGranularity: return 0.25;
        case WorkKind::Size: return 2.9;
        case WorkKind::LineSize: return 0.55;
        case WorkKind::Latency: return 0.1;
        case WorkKind::MissPenalty: return 0.1;
        case WorkKind::Associativity: return 3.6;
        case WorkKind::ReplacementPolicy: return 1.7;
        case WorkKind::Moment: return 0.05;
        case WorkKind::Amount: return 0.5;
        case WorkKind::PhysicalSharing: return 1.2;
        case WorkKind::CuSharing: return 5.0;
        case WorkKind::Sweep: return 3.6;
        case WorkKind::Partitions: return 4.5;
    }
    return 1;
}

// Seconds per MiB of a memory-side cache: its chases walk arrays of its size through every cache in
// front of it (the simulated MI300X's 256 MiB Infinity Cache: its size search took 30 s beyond
// the pace, associativity 5 s, line size 2 s).
double perMiB(WorkKind kind) {
    switch (kind) {
        case WorkKind::Size: return 0.12;
        case WorkKind::LineSize: return 0.017;
        case WorkKind::Associativity: return 0.019;
        case WorkKind::MissPenalty: return 0.0026;
        default: return 0;
    }
}

// Nothing measured yet: an Infinity Cache taken as 8 x all the L2 it backs (the MI300X's 256 MiB
// behind 8 x 4 MiB; RDNA2 and RDNA3 parts have 16-32 x). An estimate of time, never a result.
double expectedMemorySideMiB(const DeviceInfo& device) {
    return 8.0 * static_cast<double>(device.l2SizeBytes) * std::max(1, device.xcds) / (1 << 20);
}

// Taken from another cache, once the sharing has run (nullopt before; `walked` where it is not).
std::optional<double> takenOrWalked(const Topology& topology, Element element, double walked, double moment) {
    if (!topology.find(element, attr::sharedWith)) return std::nullopt;
    return setStructureMeasuredAs(topology, element) ? moment : walked;
}

}  // namespace

WorkGiven associativityWorkGiven(Element element, const DeviceInfo& device, bool afterSharing) {
    if (!afterSharing) return {};
    return [element, walked = estimatedWork(WorkKind::Associativity, element, device),
            moment = estimatedWork(WorkKind::Moment, element, device)](const Topology& topology) {
        return takenOrWalked(topology, element, walked, moment);
    };
}

WorkGiven policyWorkGiven(Element element, const DeviceInfo& device, bool afterSharing) {
    return [element, afterSharing, walked = estimatedWork(WorkKind::ReplacementPolicy, element, device),
            moment = estimatedWork(WorkKind::Moment, element, device)](const Topology& topology) -> std::optional<double> {
        if (const Attribute* ways = topology.find(element, attr::ways))
            return ways->confidence <= 0.5 || ways->method == "random-fill" ? moment : walked;
        return afterSharing ? takenOrWalked(topology, element, walked, moment) : std::nullopt;
    };
}

WorkGiven partitionsWorkGiven(const DeviceInfo& device) {
    return [moment = estimatedWork(WorkKind::Moment, Element::L2, device)](const Topology& topology) -> std::optional<double> {
        const Attribute* segments = topology.find(Element::L2, attr::segments);
        if (segments && segments->confidence > 0.5 && segments->value < 2) return moment;
        return std::nullopt;
    };
}

double estimatedWork(WorkKind kind, Element element, const DeviceInfo& device) {
    const double base = baseWork(kind);
    return element == Element::L3 ? base + perMiB(kind) * expectedMemorySideMiB(device) : base;
}

}  // namespace ts
