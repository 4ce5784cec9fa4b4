#include "sim/profile_mig.hpp"

#include "io/input_file.hpp"

namespace ts::sim_detail {
namespace {

constexpr std::uint64_t kMaxMemoryMiB = 1ull << 30;  // 1 PiB: larger is a typo
constexpr std::uint64_t kMaxEngines = 64;

int intOf(std::uint64_t v) { return static_cast<int>(v); }

MigPlacement readPlacement(const ProfileReader& r, const Json& j, const std::string& path) {
    r.expectObject(j, path);
    r.checkKeys(j, path, {"start", "size"});
    return {intOf(r.requireInt(j, path, "start", 0, kMigMemorySlices - 1)),
            intOf(r.requireInt(j, path, "size", 1, kMigMemorySlices))};
}

MigProfile readProfile(const ProfileReader& r, const Json& j, const std::string& path) {
    r.expectObject(j, path);
    r.checkKeys(j, path, {"profile_id", "name", "slice_count", "instance_count", "sm_count", "memory_mib",
                          "copy_engines", "decoders", "placements"});
    MigProfile p;
    p.id = intOf(r.requireInt(j, path, "profile_id", 0, 1u << 20));
    p.name = r.requireString(j, path, "name");
    p.sliceCount = intOf(r.requireInt(j, path, "slice_count", 1, kMigComputeSlices));
    p.instanceCount = intOf(r.requireInt(j, path, "instance_count", 1, kMigComputeSlices));
    p.smCount = intOf(r.requireInt(j, path, "sm_count", 1, 65536));
    p.memoryMiB = r.requireInt(j, path, "memory_mib", 1, kMaxMemoryMiB);
    if (ProfileReader::find(j, "copy_engines")) p.copyEngines = intOf(r.requireInt(j, path, "copy_engines", 0, kMaxEngines));
    if (ProfileReader::find(j, "decoders")) p.decoders = intOf(r.requireInt(j, path, "decoders", 0, kMaxEngines));
    // A profile gives placements as NVML reports them; they are not derived from the slice count.
    const std::string listPath = childPath(path, "placements");
    const Json& list = r.require(j, path, "placements");
    r.expectArray(list, listPath);
    if (list.empty()) r.fail(listPath, "a profile needs at least one placement");
    for (std::size_t k = 0; k < list.size(); ++k) p.placements.push_back(readPlacement(r, list[k], indexPath(listPath, k)));
    return p;
}

MigInstance readInstance(const ProfileReader& r, const Json& j, const std::string& path) {
    r.expectObject(j, path);
    r.checkKeys(j, path, {"id", "profile_id", "placement", "uuid"});
    MigInstance i;
    i.id = intOf(r.requireInt(j, path, "id", 0, 1u << 20));
    i.profileId = intOf(r.requireInt(j, path, "profile_id", 0, 1u << 20));
    i.placement = readPlacement(r, r.require(j, path, "placement"), childPath(path, "placement"));
    if (ProfileReader::find(j, "uuid")) i.uuid = r.requireString(j, path, "uuid");
    return i;
}

}  // namespace

std::optional<MigLayout> readMig(const ProfileReader& r, const Json& root, int totalSms, std::uint64_t totalMemoryBytes) {
    const Json* j = ProfileReader::find(root, "mig");
    if (!j) return std::nullopt;
    const std::string path = "mig";
    r.expectObject(*j, path);
    r.checkKeys(*j, path, {"mode", "profiles", "instances"});
    MigLayout layout;
    const std::string mode = r.requireString(*j, path, "mode");
    if (mode == "enabled") layout.mode = MigMode::Enabled;
    else if (mode == "disabled") layout.mode = MigMode::Disabled;
    else r.fail("mig.mode", "expected \"enabled\" or \"disabled\", got \"" + cutForMessage(mode) + "\"");
    layout.source = "simulator profile " + r.origin();
    if (const Json* list = ProfileReader::find(*j, "profiles")) {
        r.expectArray(*list, "mig.profiles");
        for (std::size_t i = 0; i < list->size(); ++i)
            layout.profiles.push_back(readProfile(r, (*list)[i], indexPath("mig.profiles", i)));
    }
    if (const Json* list = ProfileReader::find(*j, "instances")) {
        r.expectArray(*list, "mig.instances");
        for (std::size_t i = 0; i < list->size(); ++i)
            layout.instances.push_back(readInstance(r, (*list)[i], indexPath("mig.instances", i)));
    }
    if (layout.profiles.empty()) layout.reason = "the simulator profile lists no GPU-instance profiles";
    if (auto problem = checkMigLayout(layout, totalSms, totalMemoryBytes / (1024 * 1024)))
        r.fail(childPath(path, problem->field), problem->problem);
    return layout;
}

}  // namespace ts::sim_detail
