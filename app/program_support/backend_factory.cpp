#include "program_support/backend_factory.hpp"

#include "backend/backend_registry.hpp"
#include "sim/builtin_profiles.hpp"
#include "sim/profile.hpp"

namespace ts::app {
namespace {

// A backend this binary was built without: say how to build it in.
std::string notBuiltIn(const std::string& name) {
    if (name == "cuda") return "this build has no CUDA backend (configure with -DTOPOSCOPE_CUDA=ON where nvcc is installed)";
    if (name == "hip") return "this build has no HIP backend (configure with -DTOPOSCOPE_HIP=ON where hipcc is installed)";
    return "this build has no backend named '" + name + "'";
}

const BackendEntry& backendNamed(const std::string& name) {
    if (const BackendEntry* entry = findBackend(name)) return *entry;
    throw BackendError(notBuiltIn(name));
}

std::unique_ptr<Backend> open(const std::string& name, const BackendChoice& choice, std::vector<std::string>& notes) {
    return backendNamed(name).open({choice.device, choice.profile, &notes});
}

void addGpus(const BackendEntry& backend, std::vector<DeviceEntry>& out) {
    for (int i = 0; i < backend.deviceCount(); ++i) {
        try {
            const DeviceInfo info = backend.open({i, "", nullptr})->queryDevice();
            // The HIP backend names the driver's L3 (kfd.l3.bytes) wherever it read the KFD topology.
            const bool withoutL3 = info.vendor == Vendor::Amd && info.extra.count("kfd.node") > 0 &&
                                   info.extra.count("kfd.l3.bytes") == 0;
            out.push_back({info.name + " (" + backend.title + " " + std::to_string(i) + ")", {backend.name, i, ""},
                           info.vendor, true, withoutL3});
        } catch (const std::exception&) {
            // A GPU the backend cannot open is not offered.
        }
    }
}

// The caches behind the CUs that vector loads go through: the L2, and an L3 where there is one.
int sharedVectorCaches(const SimProfile& profile) {
    int count = 0;
    for (const SimCache& c : profile.caches)
        if (!c.isUnitPrivate() && c.servesSpace(Space::Vector)) ++count;
    return count;
}

void addSimProfiles(std::vector<DeviceEntry>& out) {
    for (const auto& p : builtinProfiles()) {
        const std::string name(p.name);
        try {
            const SimProfile profile = parseProfile(p.text, "builtin:" + name);
            const bool withoutL3 = profile.vendor == Vendor::Amd && sharedVectorCaches(profile) < 2;
            out.push_back({profile.name + " [sim: " + name + "]", {"sim", 0, name}, profile.vendor, false, withoutL3});
        } catch (const std::exception&) {
            // An invalid built-in profile is reported by toposcope-cli profiles, not here.
        }
    }
}

}  // namespace

std::vector<DeviceEntry> listDevices() {
    std::vector<DeviceEntry> devices;
    for (const BackendEntry* backend : registeredBackends())
        if (backend->gpu) addGpus(*backend, devices);
    addSimProfiles(devices);
    return devices;
}

std::vector<std::string> compiledBackends() {
    std::vector<std::string> names;
    for (const BackendEntry* backend : registeredBackends()) names.push_back(backend->name);
    return names;
}

std::unique_ptr<Backend> makeBackend(const BackendChoice& choice, std::vector<std::string>& notes) {
    if (choice.backend != "auto") return open(choice.backend, choice, notes);
    // auto: the first real GPU, else the simulated H100.
    for (const BackendEntry* backend : registeredBackends())
        if (backend->gpu && backend->deviceCount() > 0) {
            notes.push_back("auto: using " + backend->title + " device " + std::to_string(choice.device));
            return backend->open({choice.device, choice.profile, &notes});
        }
    notes.push_back("auto: no GPU found, using the simulator with the " +
                    (choice.profile.empty() ? std::string("h100") : choice.profile) + " profile");
    return open("sim", choice, notes);
}

}  // namespace ts::app
