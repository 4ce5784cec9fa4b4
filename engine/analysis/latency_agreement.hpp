#pragma once
// For spaces found to be one physical cache: do their latencies agree? One SRAM gives one miss
// penalty (the step from hit to the next level), while the hit latency also counts the access
// path in front of the SRAM, which differs between load instructions (a texture fetch passes
// the texture pipeline, a plain load does not). The note says which of the two agree.
#include <string>
#include <vector>

#include "model/topology.hpp"

namespace ts {

// Relative spread (max / min - 1) up to which latencies count as agreeing.
inline constexpr double kLatencyAgreementTolerance = 0.10;

// A sentence on the class's decided hit latencies and miss penalties, or "" when fewer than two
// members have both measured (e.g. a run of the sharing group alone).
std::string latencyAgreementNote(const Topology& topology, const std::vector<Element>& oneCache);

}  // namespace ts
