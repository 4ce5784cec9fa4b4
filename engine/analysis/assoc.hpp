#pragma once
// Decisions of the associativity, replacement-policy and TLB benchmarks (docs/methods.md,
// "Associativity", "Replacement policy", "TLB levels"). Pure functions over measured latencies.
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "analysis/analysis.hpp"
#include "analysis/random_fill_measurement.hpp"

namespace ts {

// Latency above which a load missed: the geometric mean of a known hit and a known miss (the
// next level sits far nearer the hit on a log scale than the DRAM miss does on a linear one).
double missThreshold(double hitLatency, double missLatency);
// Share of `latencies` above `threshold`.
double missShare(const std::vector<std::uint32_t>& latencies, double threshold);

// What the stride experiments said about one cache of `capacityLines` lines.
struct SetProbe {
    std::uint32_t waysPlateau = 0;   // most lines at a stride of the whole size that still all hit
    bool plateauConfirmed = false;   // 2 x waysPlateau lines fit at a stride of size / (2 x plateau)
    bool capacityBound = false;      // no plateau: more lines than any way count fit at the size stride
    bool randomLinesFit = false;     // 90 % of the capacity in scattered lines all hit
    bool tooLargeToScatter = false;  // capacity-bound, and too large for the scattered walk
    bool searchSkipped = false;      // too large for the eviction-set search
    std::uint32_t conflictWays = 0;  // hashed: size of the smallest set of lines that evicts one line
    bool conflictConfirmed = false;  // one line fewer does not, and the set's lines fit alone
    bool conflictContradicted = false;  // the set and the target all fit alone: no one set's conflict
    // Hashed: most consecutive lines from the array's start that all hit on their second pass
    // (0: not measured). Where the index spreads consecutive lines evenly, ways x sets exactly.
    std::uint64_t consecutiveFit = 0;
    // Hashed: most lines held at once, packed one by one in address order (each kept when all
    // kept lines and it still hit; 0: not measured): ways x sets wherever every set fills.
    std::uint64_t packedLines = 0;
    // Hashed: lines that hit when a stream of several times the capacity is walked back newest
    // first, as three streams of different lengths agree (0: not measured or no agreement). Where
    // the policy keeps each set's newest lines, ways x sets however uneven the spread.
    std::uint64_t residentLines = 0;
    std::vector<std::uint64_t> residentCounts;  // each stream's count, in the order walked
    // Hashed: address bits whose flip moves line 0 to another set, and those that keep it in its
    // set (its ways and the flipped line do not fit together); empty when not tested.
    std::vector<int> bitsMovingSet, bitsKeepingSet;
    // Pairs of bits of bitsMovingSet whose flip together keeps line 0 in its set: for an XOR
    // index, the two bits feed the same index bit (pairsTested: whether they were asked).
    std::vector<std::pair<int, int>> bitPairsKeepingSet;
    bool pairsTested = false;
    // The lowest address bit, from the fetch granularity's up, whose flip moves line 0 of a found
    // set to another: the index sees lines of 2^lineBit B (-1: not tested, or no bit moved it).
    int lineBit = -1;
    // Too large to scatter: how many random lines survive the random-fill walks (not complete:
    // not measured).
    RandomFillMeasurement randomFill;
    // The set was found only with many walks: a full set gives up a random line.
    bool randomVictims = false;
};

struct SetDecision {
    std::string indexFunction;       // "modulo", "hashed", "fully-associative", "" = undecided
    Decision ways;
    Decision sets;
    double indexConfidence = 0;
    std::string indexReason;
    // In lines, where the random fill fitted one and no set was counted (docs/methods.md, "Random fill").
    Decision fittedCapacityLines;
    bool randomVictims = false;  // SetProbe::randomVictims
};

SetDecision decideSets(const SetProbe& probe, std::uint64_t capacityLines);

// The methods of a set count that walks of its own counted (SetDecision::sets.method).
inline constexpr char kPackedLinesMethod[] = "packed-lines/ways";
inline constexpr char kResidentLinesMethod[] = "resident-lines/ways";
inline constexpr char kConsecutiveFitMethod[] = "consecutive-fit/ways";
// A set count fitted to how many random lines survive (at most 0.5: no count).
inline constexpr char kRandomFillSetsMethod[] = "random-fill capacity/ways";
// Decided by one of those, not shared out from the capacity the size sweep read.
inline bool setsCountedApart(const SetDecision& d) {
    const std::string& m = d.sets.method;
    return d.sets.decided && (m == kPackedLinesMethod || m == kResidentLinesMethod || m == kConsecutiveFitMethod);
}

// Victim of a tree pseudo-LRU set of `ways` (power of two) after touching `order`, way = line.
int treePlruVictim(std::uint32_t ways, const std::vector<int>& order);

// `evicted[i][r]`: line i of the probe was gone in repetition r (see measureReplacementPolicy).
struct PolicyDecision {
    std::string policy;              // "lru", "fifo", "plru", "random", "other", "" = undecided
    double confidence = 0;
    std::string reason;
};
PolicyDecision decidePolicy(const std::vector<std::vector<bool>>& evicted, std::uint32_t ways);
// A fully associative cache of `ways` lines, the same sequence, only lines `probed` probed:
// `evicted[k][r]` says whether line probed[k] was gone in repetition r.
PolicyDecision decideFullyAssociativePolicy(const std::vector<std::uint32_t>& probed, const std::vector<std::vector<bool>>& evicted,
                                            std::uint32_t ways);

// One TLB level found in a pages-versus-latency sweep at a page-sized stride.
struct TlbStep {
    std::uint64_t entries = 0;       // most pages that still translate at this level
    double missCost = 0;             // cycles the step adds
    // The entries are where each further page adds misses (not only where half the pairs miss).
    bool edgeFound = true;
};
// Steps of the median latency over `pages` (ascending): a rise of more than `minStep` cycles
// that holds for every later point.
std::vector<TlbStep> tlbSteps(const std::vector<std::uint64_t>& pages, const std::vector<double>& medians, double minStep);

// Who shares a TLB level, from walks of other units beside the main unit's (on physical SM/CU
// `mainUnit`, -1 when it varied): `disturbed[k]` says whether the walk that ran on physical unit `units[k]` evicted
// the main unit's entries. Some did and some did not: "group" (a group of units, e.g. a TPC or
// GPC, shares it), naming both. None or all: "sm" or "gpu", but only when the walks ran on at
// least kMinScopeUnits distinct units, or on every one of the `asked` (fewer) units they were
// sent to (the CUDA kernel cannot choose where they run); fewer, or one unit seen both ways,
// leave the scope undecided.
inline constexpr std::size_t kMinScopeUnits = 4;
struct TlbScopeDecision {
    std::string scope;         // "sm", "gpu", "group"; "" = undecided
    double confidence = 0;
    std::string reason;
};
TlbScopeDecision decideTlbScope(int mainUnit, const std::vector<int>& units, const std::vector<bool>& disturbed,
                                std::size_t asked);

// A walk of load pairs: each page's line loaded, then the same line again (which must translate
// at once). The difference of the two is the translation cost alone: both loads are served by
// the same cache line, so near/far slices and set conflicts cancel.
struct PairStats {
    double medianDelta = 0;   // median of first - second over the pairs
    double missFraction = 0;  // share of pairs slower by more than the threshold, less the share faster by as much
    double again = 0;         // median latency of the second loads (the data's own latency)
    std::size_t pairs = 0;
};
// `latencies` alternate first, second; `threshold` in cycles.
PairStats pairStats(const std::vector<std::uint32_t>& latencies, double threshold);

// The page size a stride below it implies: stride / share of loads that cross into a new page,
// rounded to the nearest power of two; 0 when no load missed.
std::uint64_t pageFromMissFraction(std::uint64_t stride, double missFraction);

}  // namespace ts
