#pragma once
// MIG as the widgets see it (no engine types): the layout a device reports (MigLayoutData,
// carried in DeviceData) and the rows the MIG view draws (MigViewData: what each profile or
// instance gets, with every figure's source). app/gui fills both from the engine.
#include <QString>

#include <cstdint>
#include <vector>

namespace ts::gui {

enum class MigState { None, Enabled, Disabled, Unsupported, Unknown };  // None: no MIG layout reported

struct MigPlacementData {
    int start = 0;  // first memory slice (of 8)
    int size = 0;   // memory slices
};

struct MigProfileData {
    int id = 0;
    QString name;
    int sliceCount = 0;
    int instanceCount = 0;
    int smCount = 0;
    std::uint64_t memoryMiB = 0;
    int copyEngines = -1;  // -1 not reported
    int decoders = -1;
    std::vector<MigPlacementData> placements;
};

struct MigInstanceData {
    int id = 0;
    int profileId = 0;
    MigPlacementData placement;
    QString uuid;
};

struct MigLayoutData {
    MigState state = MigState::None;
    QString source;            // "NVML", "simulator profile builtin:h100"
    QString reason;
    QString placementProblem;
    std::vector<MigProfileData> profiles;
    std::vector<MigInstanceData> instances;
    int currentInstance = -1;  // -1: the run was not inside an instance
};

// One figure of a row with its provenance.
struct MigFigureData {
    double value = 0;
    QString unit;        // "bytes" or ""
    bool fromApi = true; // false: derived from a benchmark
    QString method;
    double confidence = 0;  // 0: unknown, `reason` says why
    QString reason;
    QString evidence;
};

// One profile (what-if) or one instance, with where it sits.
struct MigRowData {
    bool instance = false;
    int id = 0;          // profile id, or GPU instance id
    QString name;        // profile name
    int sliceCount = 0;  // compute slices
    std::vector<MigPlacementData> placements;  // possible ones (profile) or its own (instance)
    QString uuid;
    bool current = false;
    MigFigureData sms, memory, memorySlices, copyEngines, l2, l2Segments;
};

struct MigViewData {
    MigState state = MigState::None;
    QString source;
    QString reason;
    QString placementProblem;
    std::vector<MigRowData> profiles;
    std::vector<MigRowData> instances;
};

// MIG has 7 compute and 8 memory slices; NVML places instances in memory slices only. The view
// draws an instance's compute slices from its placement start, moved left where they would run
// past the 7th column (the layout of NVIDIA's MIG diagrams).
inline constexpr int kMigComputeColumns = 7;
inline constexpr int kMigMemoryColumns = 8;
inline int migComputeStart(int placementStart, int sliceCount) {
    const int last = kMigComputeColumns - sliceCount;
    return placementStart < last ? placementStart : (last < 0 ? 0 : last);
}

}  // namespace ts::gui
