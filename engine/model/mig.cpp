#include "model/mig.hpp"

#include <set>

namespace ts {

const MigProfile* MigLayout::findProfile(int profileId) const {
    for (const auto& p : profiles)
        if (p.id == profileId) return &p;
    return nullptr;
}

const MigInstance* MigLayout::findInstance(int instanceId) const {
    for (const auto& i : instances)
        if (i.id == instanceId) return &i;
    return nullptr;
}

std::string_view toString(MigMode mode) {
    switch (mode) {
        case MigMode::Enabled: return "enabled";
        case MigMode::Disabled: return "disabled";
        case MigMode::Unsupported: return "unsupported";
        case MigMode::Unknown: return "unknown";
    }
    return "unknown";
}

std::optional<MigMode> migModeFromString(std::string_view text) {
    for (MigMode m : {MigMode::Enabled, MigMode::Disabled, MigMode::Unsupported, MigMode::Unknown})
        if (toString(m) == text) return m;
    return std::nullopt;
}

namespace {

std::string at(const std::string& list, std::size_t i) { return list + "[" + std::to_string(i) + "]"; }
std::string slices(const MigPlacement& p) {
    return p.size == 1 ? "memory slice " + std::to_string(p.start)
                       : "memory slices " + std::to_string(p.start) + "-" + std::to_string(p.start + p.size - 1);
}

std::optional<MigProblem> checkPlacement(const MigPlacement& p, const std::string& path) {
    if (p.start < 0 || p.start >= kMigMemorySlices)
        return MigProblem{path + ".start", "must be 0.." + std::to_string(kMigMemorySlices - 1) + ", got " + std::to_string(p.start)};
    if (p.size < 1 || p.size > kMigMemorySlices)
        return MigProblem{path + ".size", "must be 1.." + std::to_string(kMigMemorySlices) + ", got " + std::to_string(p.size)};
    if (p.start + p.size > kMigMemorySlices)
        return MigProblem{path, "start " + std::to_string(p.start) + " + size " + std::to_string(p.size) + " runs past the " +
                                    std::to_string(kMigMemorySlices) + " memory slices"};
    return std::nullopt;
}

std::optional<MigProblem> checkProfile(const MigProfile& p, const std::string& path, int totalSms,
                                       std::uint64_t totalMemoryMiB) {
    if (p.id < 0) return MigProblem{path + ".profile_id", "must not be negative"};
    if (p.name.empty()) return MigProblem{path + ".name", "must not be empty"};
    if (p.sliceCount < 1 || p.sliceCount > kMigComputeSlices)
        return MigProblem{path + ".slice_count", "must be 1.." + std::to_string(kMigComputeSlices) + ", got " +
                                                     std::to_string(p.sliceCount)};
    if (p.instanceCount < 1 || p.instanceCount > kMigComputeSlices)
        return MigProblem{path + ".instance_count", "must be 1.." + std::to_string(kMigComputeSlices) + ", got " +
                                                        std::to_string(p.instanceCount)};
    if (p.smCount < 1) return MigProblem{path + ".sm_count", "must be positive"};
    if (totalSms > 0 && p.smCount > totalSms)
        return MigProblem{path + ".sm_count", std::to_string(p.smCount) + " exceeds the GPU's " + std::to_string(totalSms) + " SMs"};
    if (p.memoryMiB < 1) return MigProblem{path + ".memory_mib", "must be positive"};
    // NVML rounds a profile's memory to whole memory slices: the H200's 7g.141gb reads 143360 MiB
    // where the runtime counts 143155 MiB in all. More than 1 % above is no such rounding.
    if (totalMemoryMiB > 0 && p.memoryMiB > totalMemoryMiB + totalMemoryMiB / 100)
        return MigProblem{path + ".memory_mib", std::to_string(p.memoryMiB) + " exceeds the GPU's " +
                                                    std::to_string(totalMemoryMiB) + " MiB"};
    if (p.copyEngines < -1) return MigProblem{path + ".copy_engines", "must not be negative"};
    if (p.decoders < -1) return MigProblem{path + ".decoders", "must not be negative"};
    std::set<int> starts;
    for (std::size_t k = 0; k < p.placements.size(); ++k) {
        const std::string where = at(path + ".placements", k);
        if (auto problem = checkPlacement(p.placements[k], where)) return problem;
        if (p.placements[k].size != p.placements.front().size)
            return MigProblem{where + ".size", "differs from the profile's first placement (" +
                                                   std::to_string(p.placements.front().size) + ")"};
        if (!starts.insert(p.placements[k].start).second)
            return MigProblem{where + ".start", "placement at " + std::to_string(p.placements[k].start) + " listed twice"};
    }
    return std::nullopt;
}

bool listed(const MigProfile& profile, const MigPlacement& p) {
    for (const auto& q : profile.placements)
        if (q == p) return true;
    return false;
}

std::optional<MigProblem> checkInstances(const MigLayout& layout) {
    if (!layout.instances.empty() && layout.mode != MigMode::Enabled)
        return MigProblem{"instances", "instances listed while MIG mode is " + std::string(toString(layout.mode))};
    std::set<int> ids;
    int usedSlices = 0;
    int owner[kMigMemorySlices];
    for (int& o : owner) o = -1;
    for (std::size_t i = 0; i < layout.instances.size(); ++i) {
        const MigInstance& inst = layout.instances[i];
        const std::string path = at("instances", i);
        if (inst.id < 0) return MigProblem{path + ".id", "must not be negative"};
        if (!ids.insert(inst.id).second) return MigProblem{path + ".id", "instance id " + std::to_string(inst.id) + " listed twice"};
        const MigProfile* profile = layout.findProfile(inst.profileId);
        if (!profile) return MigProblem{path + ".profile_id", "no profile with id " + std::to_string(inst.profileId)};
        if (auto problem = checkPlacement(inst.placement, path + ".placement")) return problem;
        if (!profile->placements.empty() && !listed(*profile, inst.placement))
            return MigProblem{path + ".placement", "start " + std::to_string(inst.placement.start) + " size " +
                                                       std::to_string(inst.placement.size) + " is not a placement of " +
                                                       profile->name};
        for (int s = inst.placement.start; s < inst.placement.start + inst.placement.size; ++s) {
            if (owner[s] >= 0)
                return MigProblem{path + ".placement", slices(inst.placement) + " overlap instance " +
                                                           std::to_string(owner[s]) + " at memory slice " + std::to_string(s)};
            owner[s] = inst.id;
        }
        usedSlices += profile->sliceCount;
        if (usedSlices > kMigComputeSlices)
            return MigProblem{path, "the instances use " + std::to_string(usedSlices) + " compute slices, more than " +
                                        std::to_string(kMigComputeSlices)};
    }
    // NVML may know which instance this is without being allowed to list the others.
    if (layout.currentInstance && !layout.instances.empty() && !layout.findInstance(*layout.currentInstance))
        return MigProblem{"current_instance", "no instance with id " + std::to_string(*layout.currentInstance)};
    return std::nullopt;
}

}  // namespace

std::optional<MigProblem> checkMigLayout(const MigLayout& layout, int totalSms, std::uint64_t totalMemoryMiB) {
    std::set<int> ids;
    for (std::size_t i = 0; i < layout.profiles.size(); ++i) {
        const std::string path = at("profiles", i);
        if (auto problem = checkProfile(layout.profiles[i], path, totalSms, totalMemoryMiB)) return problem;
        if (!ids.insert(layout.profiles[i].id).second)
            return MigProblem{path + ".profile_id", "profile id " + std::to_string(layout.profiles[i].id) + " listed twice"};
    }
    return checkInstances(layout);
}

}  // namespace ts
