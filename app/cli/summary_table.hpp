#pragma once
#include <ostream>

#include "model/topology.hpp"

namespace ts::cli {

// Human-readable result table: element, attribute, value, source, method, confidence.
void printSummary(std::ostream& out, const Topology& topology);

}  // namespace ts::cli
