#include "program_support/fleet_devices.hpp"

#include <charconv>
#include <cstdlib>
#include <filesystem>
#include <sstream>

#include "backend/backend_registry.hpp"
#include "io/input_error.hpp"
#include "io/input_file.hpp"

namespace ts::app {
namespace {

int visibleGpus(const std::string& backend) {
    const BackendEntry* entry = findBackend(backend);
    return entry ? entry->deviceCount() : 0;
}

std::string resolve(const std::string& backend, std::vector<std::string>& notes) {
    if (backend != "auto") return backend;
    for (const BackendEntry* real : registeredBackends())
        if (real->gpu && real->deviceCount() > 0) {
            notes.push_back("auto: using the " + real->name + " GPUs");
            return real->name;
        }
    notes.push_back("auto: no GPU found, using the simulator");
    return "sim";
}

fleet::DeviceJob job(BackendChoice choice, int index, const std::string& label) {
    choice.device = index;
    return {hostDeviceIndex(choice.backend, index), label,
            [choice] {
                std::vector<std::string> ignored;
                return makeBackend(choice, ignored);
            }};
}

int envInt(std::initializer_list<const char*> names, int fallback) {
    for (const char* name : names)
        if (const char* v = std::getenv(name)) {
            try {
                std::size_t used = 0;
                const int n = std::stoi(v, &used);
                if (used == std::string(v).size() && n >= 0) return n;
            } catch (const std::exception&) {
            }
        }
    return fallback;
}

}  // namespace

DevicePlan allDevices(const BackendChoice& choice, const std::vector<std::string>& simProfiles,
                      std::vector<std::string>& notes) {
    DevicePlan plan;
    BackendChoice base = choice;
    base.backend = plan.backend = resolve(choice.backend, notes);
    if (plan.backend == "sim") {
        const std::vector<std::string> profiles = simProfiles.empty() ? std::vector<std::string>{"h100"} : simProfiles;
        for (std::size_t i = 0; i < profiles.size(); ++i) {
            base.profile = profiles[i];
            plan.jobs.push_back(job(base, static_cast<int>(i), "sim " + std::to_string(i) + " (" + std::filesystem::path(profiles[i]).stem().string() + ")"));
        }
        return plan;
    }
    const int count = visibleGpus(plan.backend);
    if (count == 0) {
        // makeBackend gives the reason (no driver, backend not built in).
        std::vector<std::string> ignored;
        (void)makeBackend(base, ignored);
        throw BackendError(plan.backend + ": no GPU visible");
    }
    for (int i = 0; i < count; ++i) plan.jobs.push_back(job(base, i, plan.backend + " " + std::to_string(i)));
    return plan;
}

DevicePlan oneDevice(const BackendChoice& choice, std::vector<std::string>& notes) {
    DevicePlan plan;
    BackendChoice base = choice;
    base.backend = plan.backend = resolve(choice.backend, notes);
    const std::string label = plan.backend == "sim" ? "sim (" + (base.profile.empty() ? std::string("h100") : base.profile) + ")"
                                                    : plan.backend + " " + std::to_string(base.device);
    plan.jobs.push_back(job(base, base.device, label));
    return plan;
}

int hostDeviceIndex(const std::string& backend, int index) {
    const char* names[] = {backend == "cuda" ? "CUDA_VISIBLE_DEVICES" : "HIP_VISIBLE_DEVICES", "ROCR_VISIBLE_DEVICES"};
    for (const char* name : names) {
        if (backend != "cuda" && backend != "hip") break;
        const char* v = std::getenv(name);
        if (!v || !*v) continue;
        std::vector<int> listed;
        std::stringstream in(v);
        std::string item;
        while (std::getline(in, item, ',')) {
            if (item.empty() || item.find_first_not_of("0123456789") != std::string::npos) return index;  // UUIDs, MIG ids
            int n = 0;
            const auto [end, ec] = std::from_chars(item.data(), item.data() + item.size(), n);
            if (ec != std::errc() || end != item.data() + item.size())
                throw InputError(std::string(name) + ": entry '" + cutForMessage(item) + "' is not a device index (too large)");
            listed.push_back(n);
        }
        if (index >= 0 && static_cast<std::size_t>(index) < listed.size()) return listed[static_cast<std::size_t>(index)];
        return index;
    }
    return index;
}

int launcherRank() { return envInt({"SLURM_PROCID", "OMPI_COMM_WORLD_RANK", "PMI_RANK"}, 0); }
int launcherLocalRank() { return envInt({"SLURM_LOCALID", "OMPI_COMM_WORLD_LOCAL_RANK", "MPI_LOCALRANKID"}, -1); }

std::vector<fleet::PeerLink> measurePeerLinks(const std::string& backend, const std::vector<int>& devices,
                                              const std::string& host, std::vector<std::string>& notes) {
    if (devices.size() < 2) return {};
    if (const BackendEntry* entry = findBackend(backend); entry && entry->peerLinks) return entry->peerLinks(devices, host);
    if (backend == "sim")
        notes.push_back("peer links: the simulator models no GPU-to-GPU links, none measured");
    else
        notes.push_back("peer links: measured with the CUDA backend only; " + backend + " has none");
    return {};
}

}  // namespace ts::app
