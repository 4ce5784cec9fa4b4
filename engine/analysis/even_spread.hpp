#pragma once
// Is a hashed cache's contiguous knee its capacity? An index that spreads a contiguous array
// evenly over the sets (a modulo index over any set count, an XOR of address bits) fills every set
// at once: the knee is the capacity, and past it each set holds one line more or not, so misses
// rise as steeply as `ways` lines of one set under the policy give. An index that scatters
// consecutive lines like random ones overflows its fullest sets long before the capacity: its
// knee lies below the capacity and its misses rise slowly (of the random GPUs of calibration, a
// scrambled 4-way L2 read its knee at 73 % of its capacity, 4 % of loads missing at 1.06 x the knee
// where an even spread misses 12 %). docs/methods.md, "Capacity from an even spread".
#include <cstdint>
#include <string>
#include <vector>

namespace ts {

// One row of the size sweep past the knee: its array over the knee, and its share of loads that miss.
struct OverflowRow {
    double overKnee = 0;
    double missShare = 0;
};

struct EvenSpreadFit {
    bool fits = false;
    std::string policies;  // those whose prediction fits, comma-separated
    double worstGap = 0;   // of the best-fitting policy
    std::string reason;
};

// Rows from the knee up to kEvenSpreadSpan x the knee are set beside the miss share of `ways` per
// set under each policy with the knee as the capacity; a policy fits when no row lies more than
// kEvenSpreadTolerance from it. At least kEvenSpreadRows rows, and a policy is tried only where its
// prediction rises to 2.5 x the tolerance in them (below, a scattering index misses as little).
inline constexpr double kEvenSpreadSpan = 1.25;
inline constexpr double kEvenSpreadTolerance = 0.1;
inline constexpr std::size_t kEvenSpreadRows = 4;
EvenSpreadFit fitEvenSpread(const std::vector<OverflowRow>& rows, std::uint32_t ways);

// The share of loads that miss when a contiguous array of `overKnee` x the capacity is walked over
// and over, each set holding its equal share of its lines, under `policy` ("lru", "fifo", "plru", "random").
double evenSpreadMissShare(double overKnee, std::uint32_t ways, const std::string& policy);

}  // namespace ts
