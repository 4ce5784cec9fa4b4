#pragma once
// TopoScope's decision rules applied to raw latency series (MT4G's, or our own read back).
#include <string>
#include <vector>

#include "model/topology.hpp"

namespace ts {

// Runs our rules on every series and reports size, fetchGranularity, lineSize, latency,
// missPenalty and segmentSize per element, keeping the series as evidence. l2Bytes: the API's L2
// size, 0 when unknown.
Topology analyzeSeries(std::vector<Series> series, double l2Bytes, std::vector<std::string>* warnings);

// What raw series cannot show (amounts, sharing, bandwidths): the warning analyzeSeries adds
// starts with this, and notInRawSeries tells such an attribute.
inline constexpr const char* kNotInRawSeries =
    "amount per unit, sharing between caches and bandwidths cannot be derived from MT4G raw series";
bool notInRawSeries(const Attribute& a);

}  // namespace ts
