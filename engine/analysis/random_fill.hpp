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

// Hit shares a (ways, policy) in `sets` sets predicts for the measurement's experiments (sized by
// its capacityLines, drawn from its region), in the order fills, reuse first half, reuse second
// half. `sets` 0: capacityLines / ways; `ways` = capacityLines in 1 set means fully associative.
std::vector<double> predictedRandomFillShares(const RandomFillMeasurement& m, std::uint32_t ways, const std::string& policy,
                                              std::uint64_t sets = 0);

// The capacity is not known beforehand: the walks are sized by the contiguous knee, and each
// candidate's set count is fitted to the first fill's share, between these multiples of the knee
// (a cache holds at least the contiguous array that all hit; a knee below half the capacity is a
// cache of few ways, whose random fill no way count this large explains).
inline constexpr double kLeastCapacityOfKnee = 0.98;
inline constexpr double kMostCapacityOfKnee = 2.0;
inline constexpr std::uint32_t kMostRandomFillWays = 64;

struct RandomFillCandidate {
    std::uint32_t ways = 0;      // capacityLines (in 1 set): fully associative
    std::string policy;
    double worstGap = 0;         // largest |measured - predicted| share over the experiments
    std::uint64_t sets = 0;      // fitted to the capacity-fitting fill, or the knee's lines over the ways
    bool operator==(const RandomFillCandidate&) const = default;
};

struct RandomFillDecision {
    SetDecision sets;
    PolicyDecision policy;
    std::vector<RandomFillCandidate> explaining;  // candidates within the tolerance, best first
};
// A candidate explains the measurement when every predicted share is within this of the measured.
inline constexpr double kRandomFillTolerance = 0.02;
// Ways, policy and capacity that the walks decide; the fitted set count is no count (at most 0.5).
inline constexpr double kRandomFillConfidence = 0.7;
inline constexpr double kFittedSetsConfidence = 0.5;
// The explaining candidates' capacities must lie this close to the middle of their range for a capacity.
inline constexpr double kCapacityAgreement = 0.02;
RandomFillDecision decideRandomFill(const RandomFillMeasurement& m);

}  // namespace ts
