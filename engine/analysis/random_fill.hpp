#pragma once
// Ways and replacement policy of a cache too large for an eviction-set search, from how many of
// a random set of lines survive (docs/methods.md, "Random fill"). Random lines land in random
// sets whatever the index function, so each set's share is a Poisson count; how many of a set's
// lines survive a walk depends only on that count, the ways and the policy. The measured hit
// shares are set beside the shares each (ways, policy) would give.
#include <cstdint>
#include <string>
#include <vector>

#include "analysis/assoc.hpp"
#include "analysis/random_fill_measurement.hpp"

namespace ts {

// Hit shares a (ways, policy) predicts for the measurement's experiments (its capacity and
// region), in the order fills, reuse first half, reuse second half. `ways` = capacityLines means
// fully associative.
std::vector<double> predictedRandomFillShares(const RandomFillMeasurement& m, std::uint32_t ways, const std::string& policy);

struct RandomFillCandidate {
    std::uint32_t ways = 0;      // capacityLines: fully associative
    std::string policy;
    double worstGap = 0;         // largest |measured - predicted| share over the experiments
};

struct RandomFillDecision {
    SetDecision sets;
    PolicyDecision policy;
    std::vector<RandomFillCandidate> explaining;  // candidates within the tolerance, best first
};
// A candidate explains the measurement when every predicted share is within this of the measured.
inline constexpr double kRandomFillTolerance = 0.02;
RandomFillDecision decideRandomFill(const RandomFillMeasurement& m);

}  // namespace ts
