#include "analysis/series_attributes.hpp"

#include <algorithm>
#include <cstdio>

#include "analysis/analysis.hpp"
#include "model/attribute_names.hpp"

namespace ts {
namespace {

Attribute fromDecision(const char* name, const Decision& d, const Series& s) {
    Attribute a;
    a.name = name;
    a.value = d.value;
    a.method = d.method;
    a.confidence = d.decided ? d.confidence : 0;
    a.evidence = s.id;
    a.reason = d.reason;
    a.lowerBound = d.lowerBound;
    a.upperBound = d.upperBound;
    return a;
}

std::string byteCountText(double v) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.0f B", v);
    return buf;
}

}  // namespace

Attribute sizeAttribute(const Series& sweep) {
    const ChangePoint cp = findChangePoint(sweep);
    Attribute a;
    a.name = attr::size;
    a.method = "p-chase+ks";
    a.evidence = sweep.id;
    a.value = cp.x;
    a.confidence = cp.found ? cp.confidence : 0;
    a.reason = cp.reason;
    if (!cp.found && cp.index >= sweep.rows.size()) {
        a.lowerBound = true;
        a.reason = "no knee up to " + byteCountText(cp.x) + ", the largest size swept: the cache holds at least this much";
    }
    return a;
}

Attribute fetchGranularityAttribute(const Series& strides) {
    // TopoScope's own series carry their warm reference as the row of stride 0 (MT4G's do not):
    // decided as the live run decided.
    for (const auto& row : strides.rows)
        if (row.x == 0 && !row.latencies.empty())
            return fromDecision(attr::fetchGranularity, decideFetchGranularity(strides, row.latencies), strides);
    return fromDecision(attr::fetchGranularity, decideFetchGranularity(strides), strides);
}

Attribute lineSizeAttribute(const Series& strides, double cacheBytes, double fetchGranularity,
                            const std::string& capacityNote) {
    Attribute a = fromDecision(attr::lineSize, decideLineSize(strides, cacheBytes, fetchGranularity), strides);
    if (!capacityNote.empty()) a.reason += "; " + capacityNote;
    return a;
}

Attribute latencyAttribute(const Series& loads) {
    std::vector<std::uint32_t> all;
    for (const auto& row : loads.rows) all.insert(all.end(), row.latencies.begin(), row.latencies.end());
    Attribute a;
    a.name = attr::latency;
    a.method = "p-chase";
    a.evidence = loads.id;
    a.stats = latencyStats(all);
    a.value = a.stats->mean;
    a.confidence = all.empty() ? 0 : 1;
    a.overheadSubtracted = false;
    a.reason = "mean of " + std::to_string(all.size()) + " timed loads as recorded; timer overhead included";
    return a;
}

std::vector<Attribute> segmentAttributes(const Series& sweep, double l2Bytes) {
    const ChangePoint cp = findChangePoint(sweep);
    Attribute segment = fromDecision(attr::segmentSize, decideSegmentSize(cp, l2Bytes), sweep);
    Attribute knee;
    knee.name = attr::segmentKnee;
    knee.method = "L1-bypassing p-chase+ks";
    knee.evidence = sweep.id;
    knee.value = cp.x;
    knee.confidence = cp.found ? cp.confidence : 0;
    knee.reason = "largest array that still hits in the nearest L2 segment; " + cp.reason;
    return {segment, knee};
}

Attribute missPenaltyAttribute(const Attribute& latency, const Attribute& nextLatency, Element element, Element next) {
    Attribute a;
    a.name = attr::missPenalty;
    a.method = "latency difference";
    a.evidence = latency.evidence;
    a.value = nextLatency.value - latency.value;
    a.confidence = std::min(latency.confidence, nextLatency.confidence);
    a.reason = std::string(displayName(next)) + " latency - " + std::string(displayName(element)) +
               " latency (means of " + nextLatency.evidence + " and " + latency.evidence +
               "), not a separate miss measurement";
    return a;
}

std::optional<Element> nextLevel(Element element, bool hasL3) {
    switch (element) {
        case Element::L1:
        case Element::Texture:
        case Element::ReadOnly:
        case Element::ConstantL15:
        case Element::VL1:
        case Element::SL1D: return Element::L2;
        case Element::ConstantL1: return Element::ConstantL15;
        case Element::L2: return hasL3 ? Element::L3 : Element::DeviceMemory;
        case Element::L3: return Element::DeviceMemory;
        default: return std::nullopt;
    }
}

}  // namespace ts
