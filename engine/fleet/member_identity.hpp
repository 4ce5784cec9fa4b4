#pragma once
// Who a fleet member is: host name and GPU UUID.
#include <string>

#include "model/device_info.hpp"

namespace ts::fleet {

struct GpuIdentity {
    std::string uuid;
    bool synthetic = false;
};

// The UUID the backend read from the API (DeviceInfo::extra["uuid"]). The simulator has none:
// it gets a stable synthetic one, "SIM-" + a UUID-shaped hash of the profile, rank and device
// index, marked synthetic. A real GPU whose backend gave no UUID gets "" (unknown).
GpuIdentity gpuIdentity(const DeviceInfo& device, int rank, int deviceIndex);

// This machine's host name (gethostname), "unknown-host" when it cannot be read.
std::string localHostName();

}  // namespace ts::fleet
