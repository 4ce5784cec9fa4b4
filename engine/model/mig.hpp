#pragma once
// Multi-Instance GPU layout as NVML (or a simulator profile) reports it: the mode, the
// GPU-instance profiles with their possible placements, and the instances that exist.
// Every figure here is an API fact; what an instance gets of the L2 is derived in
// analysis/mig_shares.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ts {

enum class MigMode { Enabled, Disabled, Unsupported, Unknown };

// MIG splits a GPU into 7 compute slices and 8 memory slices; placements count memory slices.
inline constexpr int kMigComputeSlices = 7;
inline constexpr int kMigMemorySlices = 8;

struct MigPlacement {
    int start = 0;  // first memory slice
    int size = 0;   // memory slices
    bool operator==(const MigPlacement&) const = default;
};

struct MigProfile {
    int id = 0;                // NVML profile id (e.g. 19 for 1g.10gb on H100), not the enum index
    std::string name;          // "1g.10gb"
    int sliceCount = 0;        // compute slices
    int instanceCount = 0;     // how many instances of this profile fit at once
    int smCount = 0;
    std::uint64_t memoryMiB = 0;
    int copyEngines = -1;      // -1: not reported
    int decoders = -1;         // -1: not reported
    std::vector<MigPlacement> placements;  // empty: not reported (see MigLayout::placementProblem)

    // Memory slices from the placements; 0 when none are known.
    int memorySlices() const { return placements.empty() ? 0 : placements.front().size; }
};

struct MigInstance {
    int id = 0;                // GPU instance id
    int profileId = 0;
    MigPlacement placement;
    std::string uuid;          // MIG device UUID, when known
};

struct MigLayout {
    MigMode mode = MigMode::Unknown;
    std::string source;        // "NVML" or "simulator profile builtin:h100-mig"
    std::string reason;        // why the mode is unknown/unsupported or the table is missing
    std::string placementProblem;  // why placements are missing, when they are
    std::vector<MigProfile> profiles;
    std::vector<MigInstance> instances;
    std::optional<int> currentInstance;  // the GPU instance this process runs in, when inside one

    const MigProfile* findProfile(int profileId) const;
    const MigInstance* findInstance(int instanceId) const;
};

std::string_view toString(MigMode mode);  // "enabled", "disabled", "unsupported", "unknown"
std::optional<MigMode> migModeFromString(std::string_view text);

// The first rule a layout breaks, as {field path, problem} (paths like "profiles[2].placements[0]"),
// or nothing. `totalSms`/`totalMemoryMiB` bound the profiles when positive.
struct MigProblem {
    std::string field;
    std::string problem;
};
std::optional<MigProblem> checkMigLayout(const MigLayout& layout, int totalSms = 0, std::uint64_t totalMemoryMiB = 0);

}  // namespace ts
