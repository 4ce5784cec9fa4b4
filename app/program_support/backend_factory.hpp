#pragma once
#include <memory>
#include <string>
#include <vector>

#include "backend/backend.hpp"
#include "model/space.hpp"

namespace ts::app {

struct BackendChoice {
    std::string backend = "auto";  // auto | cuda | hip | sim
    int device = 0;
    std::string profile;           // sim: built-in name or file; empty = h100
};

// Builds the backend; `notes` collects what auto chose and why. Throws BackendError
// (no such GPU, backend not built in) or InputError (bad profile).
std::unique_ptr<Backend> makeBackend(const BackendChoice& choice, std::vector<std::string>& notes);

// Names of the real-GPU backends compiled into this binary.
std::vector<std::string> compiledBackends();

// One device a user can pick: a real GPU or a built-in simulator profile.
struct DeviceEntry {
    std::string label;        // "NVIDIA H100 80GB HBM3 (CUDA 0)", "NVIDIA H100 80GB HBM3 (simulated) [sim: h100]"
    BackendChoice choice;     // what makeBackend needs to build it
    Vendor vendor = Vendor::Nvidia;
    bool real = false;        // false: a simulator profile
    // AMD: known to have no cache behind the L2 (a simulator profile without one; a GPU whose
    // driver topology lists none), so no L3 benchmark is offered. False where unknown.
    bool withoutL3 = false;
};

// Every real GPU the compiled backends find, in backend and index order, then every
// built-in simulator profile. Devices that fail to open are left out. Never throws.
std::vector<DeviceEntry> listDevices();

}  // namespace ts::app
