#pragma once
// The backends compiled into this binary. Each registers itself from its own translation unit
// (cuda/cuda_registration.cpp, hip/hip_registration.cpp, sim/sim_registration.cpp), so the code
// that picks a backend names none of them and needs no build switches.
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "backend/backend.hpp"
#include "model/peer_link.hpp"

namespace ts {

struct BackendOpenRequest {
    int device = 0;                            // GPU index of this backend
    std::string profile;                       // simulator: built-in profile name or file; empty: its default
    std::vector<std::string>* notes = nullptr; // what opening it found worth saying (may be null)
};

struct BackendEntry {
    std::string name;   // the --backend value: "cuda", "hip", "sim"
    std::string title;  // in device labels and notes: "CUDA", "HIP"
    int order = 0;      // "auto" and device lists try the backends in ascending order
    bool gpu = true;    // false: the simulator, which "auto" takes when no GPU backend sees a device
    // GPUs this backend sees now; never throws.
    std::function<int()> deviceCount;
    // Opens one device. Throws BackendError (no such GPU, no driver) or InputError (bad profile).
    std::function<std::unique_ptr<Backend>(const BackendOpenRequest&)> open;
    // GPU-to-GPU links between `devices` of this host, or empty when the backend measures none.
    std::function<std::vector<PeerLink>(const std::vector<int>& devices, const std::string& host)> peerLinks;
};

void registerBackend(BackendEntry entry);
// Every registered backend, by `order`.
std::vector<const BackendEntry*> registeredBackends();
// nullptr when no backend of that name is compiled in.
const BackendEntry* findBackend(std::string_view name);

// A namespace-scope object of this type registers a backend when the program starts.
struct BackendRegistration {
    explicit BackendRegistration(BackendEntry entry) { registerBackend(std::move(entry)); }
};

}  // namespace ts
