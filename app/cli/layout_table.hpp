#pragma once
// The SM layout section of the CLI (issue 39): each GPC with its TPCs' SM ids, condensed.
#include <ostream>

#include "model/topology.hpp"

namespace ts::cli {

// Prints nothing where the run found no GPCs (AMD, no clusters, or the layout group not run).
void printLayoutTable(std::ostream& out, const Topology& topology);

}  // namespace ts::cli
