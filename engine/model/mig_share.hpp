#pragma once
#include <string>
#include <vector>

#include "model/attribute.hpp"
#include "model/mig.hpp"

namespace ts {

// What one GPU-instance profile (what-if) or one existing instance gets, every figure with its
// provenance: analysis/mig_shares computes it, the MIG view shows it.
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
    Attribute l2Usable;       // "l2Usable", bytes: the share x the whole GPU's measured usable L2 fraction (sharedCapacity / API L2)
};

}  // namespace ts
