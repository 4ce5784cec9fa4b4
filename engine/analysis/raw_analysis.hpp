#pragma once
// TopoScope's decision rules applied to MT4G raw series.
#include <string>
#include <vector>

#include "model/topology.hpp"

namespace ts {

// Reads a folder of MT4G raw series (either naming, see io/mt4g_raw.hpp), runs our rules on every
// series and reports size, fetchGranularity, lineSize, latency, missPenalty and segmentSize per
// element, keeping the series as evidence. When MT4G's JSON report lies beside the files, what raw
// series cannot show comes from it: the device and its API figures, and MT4G's amounts, sharing
// and bandwidths (marked as MT4G's in their reason). Throws InputError for a missing folder or malformed files.
Topology analyzeMt4gRaw(const std::string& dir, std::vector<std::string>* warnings);

// The same on series already read. l2Bytes: the API's L2 size, 0 when unknown.
Topology analyzeSeries(std::vector<Series> series, double l2Bytes, std::vector<std::string>* warnings);

}  // namespace ts
