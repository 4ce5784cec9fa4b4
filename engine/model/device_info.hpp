#pragma once
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "model/mig.hpp"
#include "model/node_placement.hpp"
#include "model/space.hpp"

namespace ts {

// What the vendor API (or the simulator's "api" section) reports about a device.
// Every field here has source "API"; benchmarks never write into it.
struct DeviceInfo {
    Vendor vendor = Vendor::Nvidia;
    std::string name;
    std::string arch;               // "sm_90", "gfx90a"
    int ccMajor = 0, ccMinor = 0;
    int asicRevision = 0;
    std::uint64_t clockKhz = 0;
    std::uint64_t memoryClockKhz = 0;
    int memoryBusWidthBits = 0;
    int unitCount = 0;              // SMs or CUs
    int warpSize = 32;
    int coresPerUnit = 0;
    int maxThreadsPerBlock = 0;
    int maxThreadsPerUnit = 0;
    int maxBlocksPerUnit = 0;
    int regsPerBlock = 0;
    int regsPerUnit = 0;
    bool concurrentKernels = true;
    bool cooperativeLaunch = true;
    std::uint64_t l2SizeBytes = 0;
    std::uint64_t l2LineBytes = 0;          // AMD KFD only; 0 when unknown
    std::uint64_t persistingL2MaxBytes = 0;
    std::uint64_t sharedPerUnitBytes = 0;
    std::uint64_t sharedPerBlockBytes = 0;
    std::uint64_t reservedSharedPerBlockBytes = 0;
    std::uint64_t totalConstBytes = 0;
    std::uint64_t totalGlobalBytes = 0;
    int xcds = 1;                           // AMD
    int simdsPerUnit = 0;                   // AMD
    std::vector<int> physicalUnitIds;       // logical unit index -> physical id (AMD); empty = identity
    std::vector<std::vector<int>> driverScalarCacheGroups;  // AMD: CUs sharing an sL1d per the KFD sibling maps
    std::string driver;                     // driver version text, when known
    std::string backend;                    // "sim", "cuda", "hip", "replay"
    std::map<std::string, std::string> extra;  // anything else worth printing
    std::optional<MigLayout> mig;           // NVIDIA: MIG mode, profiles and instances; absent when not asked
    std::optional<NodePlacement> node;      // NUMA node, nearest CPUs, PCIe link; absent without a PCI device

    int physicalId(int logicalUnit) const {
        return physicalUnitIds.empty() ? logicalUnit : physicalUnitIds.at(static_cast<std::size_t>(logicalUnit));
    }
};

}  // namespace ts
