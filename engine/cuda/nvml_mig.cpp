#include "cuda/nvml_mig.hpp"

#include <cstring>
#include <map>

namespace ts::cuda {
namespace {

using nvml::Device;
using nvml::kSuccess;

constexpr const char* kSource = "NVML";
// NVML_GPU_INSTANCE_PROFILE_* indices run 0..16 in current headers; newer drivers may add more,
// and an index a driver does not know answers an error, so a wider sweep is harmless.
constexpr unsigned kProfileIndexLimit = 32;
constexpr unsigned kMaxPlacements = 16;
constexpr unsigned kMaxInstances = 16;

// NVML names GPU-instance profiles "MIG 1g.10gb"; the table shows "1g.10gb".
std::string profileName(const char* raw, std::size_t capacity) {
    std::string name(raw, strnlen(raw, capacity));
    if (name.rfind("MIG ", 0) == 0) name.erase(0, 4);
    return name;
}

template <typename Info>
MigProfile fromInfo(const Info& info, std::string name) {
    MigProfile p;
    p.id = static_cast<int>(info.id);
    p.name = name.empty() ? "profile " + std::to_string(info.id) : std::move(name);
    p.sliceCount = static_cast<int>(info.sliceCount);
    p.instanceCount = static_cast<int>(info.instanceCount);
    p.smCount = static_cast<int>(info.multiprocessorCount);
    p.memoryMiB = info.memorySizeMB;
    p.copyEngines = static_cast<int>(info.copyEngineCount);
    p.decoders = static_cast<int>(info.decoderCount);
    return p;
}

// One profile index through nvmlDeviceGetGpuInstanceProfileInfoV (v2 struct, else v3), else the
// unversioned call. v2 first: driver 580 on the H200 leaves the v3 struct's name empty. `useV3`
// sticks once the driver refuses v2.
nvml::Return queryProfile(const nvml::Api& a, Device dev, unsigned index, bool& useV3, MigProfile& out) {
    if (a.profileInfoV) {
        if (!useV3) {
            nvml::GpuInstanceProfileInfoV2 info{};
            info.version = nvml::structVersion<nvml::GpuInstanceProfileInfoV2>(2);
            const nvml::Return rc = a.profileInfoV(dev, index, &info);
            if (rc == kSuccess) out = fromInfo(info, profileName(info.name, sizeof info.name));
            if (rc != nvml::kErrorVersionMismatch) return rc;
            useV3 = true;
        }
        nvml::GpuInstanceProfileInfoV3 info{};
        info.version = nvml::structVersion<nvml::GpuInstanceProfileInfoV3>(3);
        const nvml::Return rc = a.profileInfoV(dev, index, &info);
        if (rc == kSuccess) out = fromInfo(info, profileName(info.name, sizeof info.name));
        return rc;
    }
    nvml::GpuInstanceProfileInfoV1 info{};
    const nvml::Return rc = a.profileInfoV1(dev, index, &info);
    if (rc == kSuccess) out = fromInfo(info, "");  // v1 carries no name
    return rc;
}

void readProfiles(const nvml::Api& a, Device dev, MigLayout& layout) {
    if (!a.profileInfoV && !a.profileInfoV1) {
        layout.reason = "libnvidia-ml.so.1 lacks nvmlDeviceGetGpuInstanceProfileInfo(V): no profile table";
        return;
    }
    bool useV3 = false;
    std::string lastError;
    for (unsigned index = 0; index < kProfileIndexLimit; ++index) {
        MigProfile p;
        const nvml::Return rc = queryProfile(a, dev, index, useV3, p);
        if (rc != kSuccess) {
            lastError = a.error(rc);
            continue;
        }
        if (!layout.findProfile(p.id)) layout.profiles.push_back(std::move(p));
    }
    if (layout.profiles.empty())
        layout.reason = "nvmlDeviceGetGpuInstanceProfileInfoV answered no profile (" + lastError + ")";
}

void readPlacements(const nvml::Api& a, Device dev, MigLayout& layout) {
    if (!a.possiblePlacements) {
        layout.placementProblem = "libnvidia-ml.so.1 lacks nvmlDeviceGetGpuInstancePossiblePlacements_v2";
        return;
    }
    for (auto& p : layout.profiles) {
        nvml::GpuInstancePlacement list[kMaxPlacements] = {};
        unsigned count = kMaxPlacements;
        const nvml::Return rc = a.possiblePlacements(dev, static_cast<unsigned>(p.id), list, &count);
        if (rc != kSuccess) {
            if (layout.placementProblem.empty())
                layout.placementProblem = "nvmlDeviceGetGpuInstancePossiblePlacements_v2 (" + p.name + "): " + a.error(rc);
            continue;
        }
        for (unsigned k = 0; k < count && k < kMaxPlacements; ++k)
            p.placements.push_back({static_cast<int>(list[k].start), static_cast<int>(list[k].size)});
    }
}

// GPU instance id -> UUID of a MIG device in it (the first compute instance's).
std::map<int, std::string> migDeviceUuids(const nvml::Api& a, Device parent) {
    std::map<int, std::string> uuids;
    unsigned max = 0;
    if (!a.maxMigDevices || !a.migDeviceByIndex || !a.gpuInstanceId || !a.uuid ||
        a.maxMigDevices(parent, &max) != kSuccess)
        return uuids;
    for (unsigned i = 0; i < max; ++i) {
        Device mig = nullptr;
        unsigned gi = 0;
        char text[96] = {};
        if (a.migDeviceByIndex(parent, i, &mig) != kSuccess || a.gpuInstanceId(mig, &gi) != kSuccess) continue;
        if (a.uuid(mig, text, sizeof text) == kSuccess) uuids.emplace(static_cast<int>(gi), text);
    }
    return uuids;
}

void readInstances(const nvml::Api& a, Device parent, MigLayout& layout) {
    if (!a.gpuInstances || !a.gpuInstanceInfo) {
        layout.reason = "libnvidia-ml.so.1 lacks nvmlDeviceGetGpuInstances/nvmlGpuInstanceGetInfo: instances unknown";
        return;
    }
    const auto uuids = migDeviceUuids(a, parent);
    for (const auto& p : layout.profiles) {
        nvml::GpuInstance handles[kMaxInstances] = {};
        unsigned count = 0;
        const nvml::Return rc = a.gpuInstances(parent, static_cast<unsigned>(p.id), handles, &count);
        if (rc != kSuccess) {
            if (layout.reason.empty()) layout.reason = "nvmlDeviceGetGpuInstances (" + p.name + "): " + a.error(rc);
            continue;
        }
        for (unsigned k = 0; k < count && k < kMaxInstances; ++k) {
            nvml::GpuInstanceInfo info{};
            if (a.gpuInstanceInfo(handles[k], &info) != kSuccess) continue;
            MigInstance inst;
            inst.id = static_cast<int>(info.id);
            inst.profileId = static_cast<int>(info.profileId);
            inst.placement = {static_cast<int>(info.placement.start), static_cast<int>(info.placement.size)};
            if (auto it = uuids.find(inst.id); it != uuids.end()) inst.uuid = it->second;
            layout.instances.push_back(std::move(inst));
        }
    }
}

}  // namespace

MigLayout migLayoutUnknown(const std::string& reason) {
    MigLayout layout;
    layout.mode = MigMode::Unknown;
    layout.source = kSource;
    layout.reason = reason;
    return layout;
}

MigLayout readMigLayout(const nvml::Api& a, Device parent, Device self) {
    if (!a.migMode) return migLayoutUnknown("libnvidia-ml.so.1 lacks nvmlDeviceGetMigMode");
    unsigned current = 0, pending = 0;
    const nvml::Return rc = a.migMode(parent, &current, &pending);
    if (rc == nvml::kErrorNotSupported) {
        MigLayout layout = migLayoutUnknown("nvmlDeviceGetMigMode: " + a.error(rc));
        layout.mode = MigMode::Unsupported;
        return layout;
    }
    if (rc != kSuccess) return migLayoutUnknown("nvmlDeviceGetMigMode: " + a.error(rc));

    MigLayout layout;
    layout.source = kSource;
    layout.mode = current ? MigMode::Enabled : MigMode::Disabled;
    if (pending != current)
        layout.reason = std::string("MIG mode change to ") + (pending ? "enabled" : "disabled") +
                        " pending (takes effect after a GPU reset)";
    // NVML answers the profile queries with MIG disabled too: that table is the what-if view.
    readProfiles(a, parent, layout);
    readPlacements(a, parent, layout);
    if (layout.mode == MigMode::Enabled) readInstances(a, parent, layout);
    unsigned gi = 0;
    if (self && a.gpuInstanceId && a.gpuInstanceId(self, &gi) == kSuccess) layout.currentInstance = static_cast<int>(gi);
    return layout;
}

}  // namespace ts::cuda
