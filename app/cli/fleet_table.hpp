#pragma once
#include <ostream>
#include <vector>

#include "fleet/compare.hpp"
#include "fleet/fleet_report.hpp"

namespace ts::cli {

// One row per GPU, one column per key attribute that any GPU has; outliers carry a '*',
// followed by one line per outlier (value, median, robust z) and the comparison's notes.
void printComparison(std::ostream& out, const fleet::Comparison& comparison);

// Peer links measured between the GPUs of each host (nothing when there are none).
void printPeerLinks(std::ostream& out, const std::vector<fleet::PeerLink>& links);

}  // namespace ts::cli
