#pragma once
#include <string>

#include "model/topology.hpp"

namespace ts {

// The same results in MT4G's older CSV layout (v0.1: one ';'-separated line per cache or memory,
// `L1_DATA_CACHE; Size; 24.0; KiB; "="; ...`), the one GPUscout-GUI's topology picker and sys-sage's
// ParseMt4g_v0_1 read. Every line comes in MT4G's order (GPUscout-GUI reads by position): a cache
// not measured is `NAME; "N/A"`, as MT4G wrote it; a value not decided (confidence 0) is left out.
// The layout was NVIDIA's: it has no line for AMD's scalar L1 or L3.
std::string topologyToMt4gCsv(const Topology& topology);

}  // namespace ts
