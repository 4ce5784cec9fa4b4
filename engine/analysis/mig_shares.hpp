#pragma once
// What each MIG GPU-instance profile (or existing instance) gets: SMs, memory and L2.
// SMs and memory are API facts; the L2 follows from the memory slices (MIG partitions the L2
// together with the memory: a profile with m of the 8 memory slices gets m/8 of the L2), and
// the measured L2 segment size says how much of one segment that is, and the measured L2
// partitions say how much of it the slice's SMs can really use. Formulas: docs/methods.md.
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
    std::optional<Attribute> sharedCapacity;  // L2 Partitions: capacity of data SMs of two partitions touched, when decided
    std::optional<Attribute> farReplicated;   // L2 Partitions: 1 far lines read become near replicas, 0 not; when decided
    std::string partitionsReason;           // why one of the two is missing: the benchmark's reason, or empty
    bool insideInstance = false;            // the run itself ran inside a MIG instance
};

// From a run: the device's API L2 size and the L2 element's segmentSize/segments/sharedCapacity
// attributes (only decided quantities: Attribute::isDecidedQuantity) and farReplicated (decided).
MigL2Facts migL2Facts(const Topology& topology);

// One entry per profile (in the layout's order), then one per instance (MigShare: model/mig_share.hpp).
std::vector<MigShare> migShares(const MigLayout& layout, const MigL2Facts& facts);

// "a quarter of one 25 MiB segment", "2 segments of 25 MiB": the l2Segments value in words.
std::string segmentShareText(double segments, double segmentBytes);

}  // namespace ts
