#pragma once
// The MIG section of the CLI: mode, GPU-instance profiles (what-if) or instances, with what
// each gets of SMs, memory and L2, and where every figure comes from.
#include <ostream>

#include "model/topology.hpp"

namespace ts::cli {

// Prints nothing when the device reports no MIG layout (AMD, or a run without NVML asked).
void printMigTable(std::ostream& out, const Topology& topology);

}  // namespace ts::cli
