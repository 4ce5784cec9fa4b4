#pragma once
// Other processes' contexts on our GPU and its utilisation, read from NVML (read-only queries).
#include <string>

#include "backend/gpu_activity.hpp"

namespace ts::cuda {

// `uuid`: "GPU-…" or "MIG-…" as DeviceInfo::extra["uuid"] spells it; `pciBusId` the fallback.
GpuActivity readNvmlActivity(const std::string& uuid, const std::string& pciBusId);

}  // namespace ts::cuda
