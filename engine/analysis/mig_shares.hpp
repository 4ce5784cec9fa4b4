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
// (only decided ones, confidence > 0).
MigL2Facts migL2Facts(const Topology& topology);

struct MigShare {
    enum class Kind { Profile, Instance };
    Kind kind = Kind::Profile;
    int id = 0;             // profile id, or GPU instance id
    int profileId = 0;
    std::string name;       // profile name
    int sliceCount = 0;     // compute slices
    std::vector<MigPlacement> placements;  // the profile's possible ones, or the instance's own
    std::string uuid;       // instances, when known
    bool current = false;   // the instance this run ran in

    // Figures, each with source, method and confidence.
    Attribute smCount;        // "smCount"
    Attribute memory;         // "memory", bytes
    Attribute memorySlices;   // "memorySlices", of 8
    Attribute copyEngines;    // "copyEngines" (confidence 0 when not reported)
    Attribute l2Size;         // "l2Size", bytes
    Attribute l2Segments;     // "l2Segments": how many measured L2 segments the share fills (0.25 = a quarter of one)
};

// One entry per profile (in the layout's order), then one per instance.
std::vector<MigShare> migShares(const MigLayout& layout, const MigL2Facts& facts);

// "a quarter of one 25 MiB segment", "2 segments of 25 MiB": the l2Segments value in words.
std::string segmentShareText(double segments, double segmentBytes);

}  // namespace ts
