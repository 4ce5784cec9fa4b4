#pragma once
// DeviceInfo of a HIP device: hipGetDeviceProperties and hipDeviceGetAttribute, completed
// with what the KFD topology and the HSA runtime say (line sizes, XCDs, SIMDs, partitions).
#include <optional>
#include <string>
#include <vector>

#include "amd/kfd_topology.hpp"
#include "model/device_info.hpp"

namespace ts::hipb {

struct DeviceFacts {
    DeviceInfo info;                  // physicalUnitIds and unitCount come later, from CU pinning
    std::optional<amd::KfdNode> kfd;  // the device's KFD node, when found
    std::vector<std::string> notes;   // what could not be read, and why
};

DeviceFacts queryDevice(int device, const amd::KfdPaths& paths = {});

}  // namespace ts::hipb
