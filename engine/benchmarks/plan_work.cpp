#include "benchmarks/plan_work.hpp"

#include <algorithm>

#include "benchmarks/cache_capacity.hpp"
#include "benchmarks/l2_partitions.hpp"
#include "model/attribute_names.hpp"

namespace ts {
namespace {

// The first caches of the load paths, private to an SM or CU.
bool unitCache(Element e) {
    return e == Element::L1 || e == Element::Texture || e == Element::ReadOnly || e == Element::ConstantL1 ||
           e == Element::VL1 || e == Element::SL1D;
}

// Calibrated on the built-in H100 and MI300X profiles (bench/pace_bench.cpp, docs/performance.md
// "Session 29"): the size searches of NVIDIA's L1 (up to 256 KiB) take about 3.3 s, those of
// AMD's 16-32 KiB vL1 and sL1d about 2.2 s, the constant caches' 1.5 and 2.1 s.
double sizeWork(Element element, const DeviceInfo& device) {
    if (element == Element::ConstantL1) return 1.5;
    if (element == Element::ConstantL15) return 2.1;
    if (unitCache(element) && device.vendor == Vendor::Amd) return 2.3;
    return 3.3;
}

double baseWork(WorkKind kind, Element element, const DeviceInfo& device) {
    const bool constant = element == Element::ConstantL1 || element == Element::ConstantL15;
    switch (kind) {
        case WorkKind::Timer: return 0.1;
        case WorkKind::FetchGranularity: return unitCache(element) && element != Element::SL1D ? 0.15 : 0.45;
        case WorkKind::Size: return sizeWork(element, device);
        case WorkKind::LineSize: return constant ? 0.35 : 0.55;
        case WorkKind::Latency: return 0.1;
        case WorkKind::MissPenalty: return 0.1;
        case WorkKind::Associativity: return 3.6;
        case WorkKind::ReplacementPolicy: return 1.7;
        case WorkKind::Moment: return 0.05;
        case WorkKind::Amount: return 0.5;
        case WorkKind::PhysicalSharing: return device.vendor == Vendor::Amd ? 0.35 : 1.35;
        case WorkKind::CuSharing: return 5.3;
        case WorkKind::Sweep: return 3.6;
        // Each XCD of an AMD GPU has an L2 of its own: nothing near or far to walk, expected.
        case WorkKind::Partitions: return device.xcds > 1 ? baseWork(WorkKind::Moment, element, device) : 5.0;
    }
    return 1;
}

// Seconds per MiB of a memory-side cache: its chases walk arrays of its size through every cache in
// front of it (the simulated MI300X's 256 MiB Infinity Cache: its size search took 30 s beyond
// the pace, associativity 5 s, line size 4.5 s).
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

double estimatedWork(WorkKind kind, Element element, const DeviceInfo& device) {
    const double base = baseWork(kind, element, device);
    return element == Element::L3 ? base + perMiB(kind) * expectedMemorySideMiB(device) : base;
}

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
        if (topology.find(element, attr::ways)) {
            const Attribute* ways = topology.findDecided(element, attr::ways);
            return !ways || ways->method == "random-fill" ? moment : walked;
        }
        return afterSharing ? takenOrWalked(topology, element, walked, moment) : std::nullopt;
    };
}

WorkGiven partitionsWorkGiven(const DeviceInfo& device) {
    return [walked = estimatedWork(WorkKind::Partitions, Element::L2, device),
            moment = estimatedWork(WorkKind::Moment, Element::L2, device)](const Topology& topology) -> std::optional<double> {
        if (!topology.find(Element::L2, attr::segments)) return std::nullopt;  // L2 Segments has not run yet
        return l2PartitionInputs(topology, Element::L2) == PartitionInputs::Present ? walked : moment;
    };
}

}  // namespace ts
