#pragma once
// One attribute from one series: the glue between the decision rules and the topology report.
#include <optional>
#include <vector>

#include "model/attribute.hpp"
#include "model/series.hpp"

namespace ts {

Attribute sizeAttribute(const Series& sweep);
Attribute fetchGranularityAttribute(const Series& strides);
// capacityNote says where cacheBytes came from when it is not this element's measured size.
Attribute lineSizeAttribute(const Series& strides, double cacheBytes, double fetchGranularity,
                            const std::string& capacityNote);
Attribute latencyAttribute(const Series& loads);
// attr::segmentSize (snapped to l2Bytes / n) and attr::segmentKnee (the knee itself).
std::vector<Attribute> segmentAttributes(const Series& sweep, double l2Bytes);
Attribute missPenaltyAttribute(const Attribute& latency, const Attribute& nextLatency, Element element, Element next);

// The level a miss in `element` goes to; nullopt for device memory and scratchpads.
std::optional<Element> nextLevel(Element element, bool hasL3);

}  // namespace ts
