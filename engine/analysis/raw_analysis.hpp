#pragma once
// TopoScope's decision rules applied to MT4G raw series.
#include <string>
#include <vector>

#include "model/topology.hpp"

namespace ts {

// Reads a folder of MT4G raw series (either naming, see io/mt4g_raw.hpp), runs our rules on every
// series and reports size, fetchGranularity, lineSize, latency, missPenalty and segmentSize per
// element, keeping the series as evidence. The L2 size is taken from the API section of MT4G's JSON
// report when one lies beside the files. Throws InputError for a missing folder or malformed files.
Topology analyzeMt4gRaw(const std::string& dir, std::vector<std::string>* warnings);

// The same on series already read. l2Bytes: the API's L2 size, 0 when unknown.
Topology analyzeSeries(std::vector<Series> series, double l2Bytes, std::vector<std::string>* warnings);

}  // namespace ts
