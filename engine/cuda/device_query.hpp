// Device facts from the CUDA runtime (cudaDeviceGetAttribute: CUDA 13 dropped the clock fields
// from cudaDeviceProp) and from NVML when it can be loaded.
#pragma once
#include <cstdint>
#include <string>

#include "model/device_info.hpp"

namespace ts::cuda {

// What the launch code needs beyond DeviceInfo.
struct DeviceLimits {
    int smCount = 0;
    std::uint64_t sharedOptinBytes = 0;     // largest dynamic shared memory a block may ask for
    std::uint64_t l2Bytes = 0;
    std::uint64_t texture1DLinearElems = 0; // largest linear 1D texture, texels
    std::uint64_t totalGlobalBytes = 0;
    int maxThreadsPerSm = 0;
};

// Static facts plus NVML's current clocks/MIG state (NVML problems land in extra["nvml"]).
DeviceInfo queryDeviceInfo(int device, DeviceLimits& limits);

// Refresh only the NVML part (current clocks change with load); `withMig` also reads the MIG
// layout into info.mig (once per run is enough: MIG settings are never changed here).
void refreshNvml(int device, DeviceInfo& info, bool withMig = false);

int fp32CoresPerSm(int major, int minor);

}  // namespace ts::cuda
