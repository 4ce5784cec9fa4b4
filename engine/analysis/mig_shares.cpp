#include "analysis/mig_shares.hpp"

#include "model/attribute_marks.hpp"
#include "model/attribute_names.hpp"
#include "model/percent_text.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace ts {
namespace {

constexpr double kMiB = 1024.0 * 1024.0;

bool fromNvml(const MigLayout& layout) { return layout.source == "NVML"; }

Attribute apiFigure(const char* name, double value, const std::string& unit, std::string method) {
    Attribute a;
    a.name = name;
    a.value = value;
    a.unit = unit;
    a.source = Source::Api;
    a.method = std::move(method);
    a.confidence = 1;
    return a;
}

Attribute undecidedFigure(const char* name, const std::string& unit, Source source, std::string reason) {
    Attribute a;
    a.name = name;
    a.unit = unit;
    a.source = source;
    a.confidence = 0;
    a.reason = std::move(reason);
    return a;
}

std::string capacityText(double bytes) {
    char buf[48];
    if (bytes >= kMiB) std::snprintf(buf, sizeof buf, "%.4g MiB", bytes / kMiB);
    else std::snprintf(buf, sizeof buf, "%.4g KiB", bytes / 1024.0);
    return buf;
}

// The profile's own figures (SMs, memory, copy engines), which its instances share.
void profileFigures(const MigLayout& layout, const MigProfile& p, MigShare& s) {
    const bool nvml = fromNvml(layout);
    s.profileId = p.id;
    s.name = p.name;
    s.sliceCount = p.sliceCount;
    s.smCount = apiFigure("smCount", p.smCount, "",
                          nvml ? "nvmlDeviceGetGpuInstanceProfileInfoV: multiprocessorCount" : layout.source + ": sm_count");
    s.memory = apiFigure("memory", static_cast<double>(p.memoryMiB) * kMiB, "bytes",
                         nvml ? "nvmlDeviceGetGpuInstanceProfileInfoV: memorySizeMB" : layout.source + ": memory_mib");
    if (p.copyEngines >= 0)
        s.copyEngines = apiFigure("copyEngines", p.copyEngines, "",
                                  nvml ? "nvmlDeviceGetGpuInstanceProfileInfoV: copyEngineCount"
                                       : layout.source + ": copy_engines");
    else
        s.copyEngines = undecidedFigure("copyEngines", "", Source::Api, "not reported by " + layout.source);
}

void memorySlicesFigure(const MigLayout& layout, int slices, bool instance, MigShare& s) {
    if (slices > 0) {
        const bool nvml = fromNvml(layout);
        std::string method = instance ? (nvml ? "nvmlGpuInstanceGetInfo: placement.size" : layout.source + ": placement.size")
                                      : (nvml ? "nvmlDeviceGetGpuInstancePossiblePlacements_v2: placement size"
                                              : layout.source + ": placements[].size");
        s.memorySlices = apiFigure("memorySlices", slices, "", std::move(method));
        return;
    }
    s.memorySlices = undecidedFigure("memorySlices", "", Source::Api,
                                     "placements not reported" +
                                         (layout.placementProblem.empty() ? std::string() : ": " + layout.placementProblem));
}

void l2Figures(const MigL2Facts& facts, MigShare& s) {
    if (s.memorySlices.confidence <= 0) {
        s.l2Size = undecidedFigure("l2Size", "bytes", Source::Api, "memory slices unknown: " + s.memorySlices.reason);
    } else if (facts.l2Bytes == 0) {
        s.l2Size = undecidedFigure("l2Size", "bytes", Source::Api, "the API reports no L2 size");
    } else {
        const double slices = s.memorySlices.value;
        s.l2Size = apiFigure("l2Size", static_cast<double>(facts.l2Bytes) * slices / kMigMemorySlices, "bytes",
                             "memory slices / " + std::to_string(kMigMemorySlices) +
                                 " x API L2 size (MIG partitions the L2 with the memory slices)");
        s.l2Size.reason = std::to_string(static_cast<int>(slices)) + "/" + std::to_string(kMigMemorySlices) + " of " +
                          capacityText(static_cast<double>(facts.l2Bytes));
        if (facts.insideInstance) {
            s.l2Size.confidence = 0.5;
            s.l2Size.reason += "; the run was inside a MIG instance, where the API L2 size may already be that "
                               "instance's share rather than the GPU's";
        }
    }

    const Attribute* segment = facts.segmentSize ? &*facts.segmentSize : nullptr;
    if (s.l2Size.confidence <= 0) {
        s.l2Segments = undecidedFigure("l2Segments", "", Source::Benchmark, "L2 share unknown");
    } else if (!segment || segment->value <= 0) {
        s.l2Segments = undecidedFigure("l2Segments", "", Source::Benchmark,
                                       "L2 segment size not measured in this run (the l2 benchmarks find it)");
    } else {
        s.l2Segments.name = "l2Segments";
        s.l2Segments.source = Source::Benchmark;
        s.l2Segments.value = s.l2Size.value / segment->value;
        s.l2Segments.method = "L2 share / measured L2 segment size (" + segment->method + ")";
        s.l2Segments.confidence = std::min(s.l2Size.confidence, segment->confidence);
        s.l2Segments.evidence = segment->evidence;
        s.l2Segments.reason = segmentShareText(s.l2Segments.value, segment->value);
    }
}


// What the share's SMs can really use: the share times the fraction of the whole L2 that data
// SMs of two partitions touched still fits in (sharedCapacity / API size). A projection of the
// whole GPU's measurement onto the share, so at most 0.5 unless the run was inside that instance.
void usableFigure(const MigL2Facts& facts, MigShare& s) {
    if (s.l2Size.confidence <= 0) {
        s.l2Usable = undecidedFigure("l2Usable", "bytes", Source::Benchmark, "L2 share unknown");
        return;
    }
    if (!facts.sharedCapacity || !facts.farReplicated) {
        s.l2Usable = undecidedFigure(
            "l2Usable", "bytes", Source::Benchmark,
            facts.partitionsReason.empty()
                ? "L2 partitions not measured in this run (the L2 Partitions benchmark of the l2 group finds "
                  "sharedCapacity and farReplicated)"
                : "L2 partitions undecided: " + facts.partitionsReason);
        return;
    }
    const Attribute& shared = *facts.sharedCapacity;
    const Attribute& replicated = *facts.farReplicated;
    const double api = static_cast<double>(facts.l2Bytes);
    const double fraction = std::min(1.0, shared.value / api);
    const bool measuredHere = facts.insideInstance && s.current;
    s.l2Usable.name = "l2Usable";
    s.l2Usable.unit = "bytes";
    s.l2Usable.source = Source::Benchmark;
    s.l2Usable.value = s.l2Size.value * fraction;
    s.l2Usable.method = "L2 share x measured sharedCapacity / API L2 size (" + shared.method + "): " +
                        (measuredHere ? "the usable L2 fraction measured inside this instance, applied to its share"
                                      : "the whole GPU's usable L2 fraction applied to the share, not a measurement "
                                        "inside an instance");
    s.l2Usable.confidence =
        std::min({s.l2Size.confidence, shared.confidence, replicated.confidence, measuredHere ? 1.0 : 0.5});
    s.l2Usable.evidence = shared.evidence;
    s.l2Usable.reason = percentText(fraction) + " of the " + capacityText(s.l2Size.value) +
                        " share: data SMs of two partitions touched fits in " + capacityText(shared.value) + " of the " +
                        capacityText(api) + " L2 (sharedCapacity)";
    s.l2Usable.reason += replicated.value == 1
                             ? "; far lines read become near replicas (farReplicated 1): such data is held in both partitions"
                             : "; far lines stay far (farReplicated 0): the partitions hold different lines";
    if (measuredHere) s.l2Usable.reason += "; measured inside this instance";
    else markAttribute(s.l2Usable, Mark::Projected, "projected from the whole GPU, not measured inside this instance");
}

}  // namespace

MigL2Facts migL2Facts(const Topology& t) {
    MigL2Facts facts;
    facts.l2Bytes = t.device.l2SizeBytes;
    auto decided = [&](const char* name) -> std::optional<Attribute> {
        const Attribute* a = t.find(Element::L2, name);
        if (a && a->isDecidedQuantity()) return *a;
        return std::nullopt;
    };
    facts.segmentSize = decided(attr::segmentSize);
    facts.segments = decided(attr::segments);
    facts.sharedCapacity = decided(attr::sharedCapacity);
    if (const Attribute* a = t.find(Element::L2, attr::farReplicated); a && a->isDecided()) facts.farReplicated = *a;
    // Why the partitions benchmark left them open: their own reason, or farCapacity's when it did not run.
    for (const char* name : {attr::sharedCapacity, attr::farReplicated, attr::farCapacity})
        if (const Attribute* a = t.find(Element::L2, name); a && !a->isDecided() && facts.partitionsReason.empty())
            facts.partitionsReason = std::string(name) + ": " + a->reason;
    if (facts.partitionsReason.empty() && facts.segments && facts.segments->value < 2)
        facts.partitionsReason = "the L2 shows one partition (segments 1): nothing near or far to measure";
    facts.insideInstance = t.device.mig && t.device.mig->currentInstance.has_value();
    return facts;
}

std::vector<MigShare> migShares(const MigLayout& layout, const MigL2Facts& facts) {
    std::vector<MigShare> shares;
    for (const auto& p : layout.profiles) {
        MigShare s;
        s.kind = MigShare::Kind::Profile;
        s.id = p.id;
        s.placements = p.placements;
        profileFigures(layout, p, s);
        memorySlicesFigure(layout, p.memorySlices(), false, s);
        l2Figures(facts, s);
        usableFigure(facts, s);
        shares.push_back(std::move(s));
    }
    for (const auto& inst : layout.instances) {
        const MigProfile* p = layout.findProfile(inst.profileId);
        if (!p) continue;  // a layout that passed checkMigLayout always has it
        MigShare s;
        s.kind = MigShare::Kind::Instance;
        s.id = inst.id;
        s.placements = {inst.placement};
        s.uuid = inst.uuid;
        s.current = layout.currentInstance == inst.id;
        profileFigures(layout, *p, s);
        memorySlicesFigure(layout, inst.placement.size, true, s);
        l2Figures(facts, s);
        usableFigure(facts, s);
        shares.push_back(std::move(s));
    }
    return shares;
}

std::string segmentShareText(double segments, double segmentBytes) {
    const std::string size = capacityText(segmentBytes);
    char buf[96];
    if (std::abs(segments - 1) < 0.01) return "one whole " + size + " segment";
    if (segments < 1) {
        const double k = std::round(1 / segments);
        if (k >= 2 && k <= 64 && std::abs(1 / k - segments) < 0.01 * segments) {
            std::snprintf(buf, sizeof buf, "1/%d of one %s segment", static_cast<int>(k), size.c_str());
            return buf;
        }
        std::snprintf(buf, sizeof buf, "%.2f of one %s segment", segments, size.c_str());
        return buf;
    }
    std::snprintf(buf, sizeof buf, "%.3g segments of %s", segments, size.c_str());
    return buf;
}

}  // namespace ts
