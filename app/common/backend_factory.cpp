#include "common/backend_factory.hpp"

#include "io/input_error.hpp"
#include "sim/builtin_profiles.hpp"
#include "sim/profile.hpp"
#include "sim/sim_backend.hpp"

#ifdef TOPOSCOPE_HAVE_CUDA
#include "cuda/cuda_backend.hpp"
#endif
#ifdef TOPOSCOPE_HAVE_HIP
#include "hip/hip_backend.hpp"
#endif

namespace ts::app {
namespace {

std::unique_ptr<Backend> makeSim(const BackendChoice& choice, std::vector<std::string>& notes) {
    const std::string name = choice.profile.empty() ? "h100" : choice.profile;
    try {
        std::vector<std::string> warnings;
        auto profile = loadProfile(name, &warnings);
        for (auto& w : warnings) notes.push_back("profile: " + w);
        return std::make_unique<SimBackend>(std::move(profile));
    } catch (const ProfileError& e) {
        throw InputError(e.what());
    }
}

std::unique_ptr<Backend> makeCuda(const BackendChoice& choice) {
#ifdef TOPOSCOPE_HAVE_CUDA
    return makeCudaBackend(choice.device);
#else
    (void)choice;
    throw BackendError("this build has no CUDA backend (configure with -DTOPOSCOPE_CUDA=ON where nvcc is installed)");
#endif
}

int cudaDevices() {
#ifdef TOPOSCOPE_HAVE_CUDA
    return cudaDeviceCount();
#else
    return 0;
#endif
}

std::unique_ptr<Backend> makeHip(const BackendChoice& choice) {
#ifdef TOPOSCOPE_HAVE_HIP
    return makeHipBackend(choice.device);
#else
    (void)choice;
    throw BackendError("this build has no HIP backend (configure with -DTOPOSCOPE_HIP=ON where hipcc is installed)");
#endif
}

int hipDevices() {
#ifdef TOPOSCOPE_HAVE_HIP
    return hipDeviceCount();
#else
    return 0;
#endif
}

void addHipDevices(std::vector<DeviceEntry>& out) {
#ifdef TOPOSCOPE_HAVE_HIP
    for (int i = 0; i < hipDevices(); ++i) {
        try {
            const DeviceInfo info = makeHipBackend(i)->queryDevice();
            out.push_back({info.name + " (HIP " + std::to_string(i) + ")", {"hip", i, ""}, info.vendor, true});
        } catch (const std::exception&) {
            // A GPU the backend cannot open is not offered.
        }
    }
#else
    (void)out;
#endif
}

void addCudaDevices(std::vector<DeviceEntry>& out) {
#ifdef TOPOSCOPE_HAVE_CUDA
    for (int i = 0; i < cudaDevices(); ++i) {
        try {
            const DeviceInfo info = makeCudaBackend(i)->queryDevice();
            out.push_back({info.name + " (CUDA " + std::to_string(i) + ")", {"cuda", i, ""}, info.vendor, true});
        } catch (const std::exception&) {
            // A GPU the backend cannot open is not offered.
        }
    }
#else
    (void)out;
#endif
}

void addSimProfiles(std::vector<DeviceEntry>& out) {
    for (const auto& p : builtinProfiles()) {
        const std::string name(p.name);
        try {
            const SimProfile profile = parseProfile(p.text, "builtin:" + name);
            out.push_back({profile.name + " [sim: " + name + "]", {"sim", 0, name}, profile.vendor, false});
        } catch (const std::exception&) {
            // An invalid built-in profile is reported by toposcope-cli profiles, not here.
        }
    }
}

}  // namespace

std::vector<DeviceEntry> listDevices() {
    std::vector<DeviceEntry> devices;
    addCudaDevices(devices);
    addHipDevices(devices);
    addSimProfiles(devices);
    return devices;
}

std::vector<std::string> compiledBackends() {
    std::vector<std::string> names;
#ifdef TOPOSCOPE_HAVE_CUDA
    names.push_back("cuda");
#endif
#ifdef TOPOSCOPE_HAVE_HIP
    names.push_back("hip");
#endif
    names.push_back("sim");
    return names;
}

std::unique_ptr<Backend> makeBackend(const BackendChoice& choice, std::vector<std::string>& notes) {
    if (choice.backend == "sim") return makeSim(choice, notes);
    if (choice.backend == "cuda") return makeCuda(choice);
    if (choice.backend == "hip") return makeHip(choice);
    // auto: the first real GPU, else the simulated H100.
    if (cudaDevices() > 0) {
        notes.push_back("auto: using CUDA device " + std::to_string(choice.device));
        return makeCuda(choice);
    }
    if (hipDevices() > 0) {
        notes.push_back("auto: using HIP device " + std::to_string(choice.device));
        return makeHip(choice);
    }
    notes.push_back("auto: no GPU found, using the simulator with the " +
                    (choice.profile.empty() ? std::string("h100") : choice.profile) + " profile");
    return makeSim(choice, notes);
}

}  // namespace ts::app
