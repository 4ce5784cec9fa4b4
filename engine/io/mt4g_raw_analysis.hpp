#pragma once
// A folder of MT4G raw series, read and analysed by our rules (analysis/raw_analysis.hpp).
#include <string>
#include <vector>

#include "model/topology.hpp"

namespace ts {

// Reads a folder of MT4G raw series (either naming, see io/mt4g_raw.hpp) and analyses it. When
// MT4G's JSON report lies beside the files, what raw series cannot show comes from it: the device
// and its API figures, and MT4G's amounts, sharing and bandwidths (marked as MT4G's in their
// reason). Throws InputError for a missing folder or malformed files.
Topology analyzeMt4gRaw(const std::string& dir, std::vector<std::string>* warnings);

}  // namespace ts
