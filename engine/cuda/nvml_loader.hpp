// NVML, loaded at run time with dlopen("libnvidia-ml.so.1"): no build-time dependency. When the
// library or a symbol is missing, the report says so and the backend carries on without it.
#pragma once
#include <map>
#include <optional>
#include <string>

#include "model/mig.hpp"

namespace ts::cuda {

struct NvmlReport {
    bool available = false;
    std::string problem;                        // why NVML could not be used (when !available)
    std::string driverVersion;                  // e.g. "580.159.04"
    std::map<std::string, std::string> fields;  // clocks, MIG mode and instance, ...
    std::optional<MigLayout> mig;               // when asked for (withMig) and NVML found the device
};

// `pciBusId` as cudaDeviceGetPCIBusId gives it; `uuid` the 16 bytes of cudaDeviceProp::uuid
// (a MIG instance's own UUID inside a MIG instance). `withMig`: also read the MIG layout
// (read-only queries; a few dozen NVML calls, so once per run, not with every clock refresh).
NvmlReport readNvml(const std::string& pciBusId, const unsigned char (&uuid)[16], bool withMig = false);

}  // namespace ts::cuda
