#pragma once
// What each MIG GPU-instance profile (or existing instance) gets: SMs, memory and L2.
// SMs and memory are API facts; the L2 follows from the memory slices (MIG partitions the L2
// together with the memory: a profile with m of the 8 memory slices gets m/8 of the L2), and
// the measured L2 segment size says how much of one segment that is. Formulas: docs/methods.md.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "model/attribute.hpp"
#include "model/mig.hpp"
#include "model/mig_share.hpp"
#include "model/topology.hpp"

namespace ts {

// The L2 facts the shares build on.
struct MigL2Facts {
    std::uint64_t l2Bytes = 0;              // API L2 size of the whole GPU; 0 unknown
    std::optional<Attribute> segmentSize;   // measured L2 segmentSize (usable L2 per SM), when decided
    std::optional<Attribute> segments;      // measured segment count, when decided
    bool insideInstance = false;            // the run itself ran inside a MIG instance
};

// From a run: the device's API L2 size and the L2 element's segmentSize/segments attributes
// (only decided quantities: Attribute::isDecidedQuantity).
MigL2Facts migL2Facts(const Topology& topology);

// One entry per profile (in the layout's order), then one per instance (MigShare: model/mig_share.hpp).
std::vector<MigShare> migShares(const MigLayout& layout, const MigL2Facts& facts);

// "a quarter of one 25 MiB segment", "2 segments of 25 MiB": the l2Segments value in words.
std::string segmentShareText(double segments, double segmentBytes);

}  // namespace ts
