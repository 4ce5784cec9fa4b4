#pragma once
// The AMD kernel driver's (KFD) own description of the GPUs: the sysfs topology tree
// /sys/class/kfd/kfd/topology/nodes/<n>/{properties, mem_banks/<m>/properties,
// caches/<c>/properties}, and the partition modes the DRM device exposes.
// Reading never throws: missing files, garbage and absurd values become warnings.
#include <cstdint>
#include <string>
#include <vector>

namespace ts::amd {

// CRAT cache type flags, as printed in caches/<c>/properties "type".
enum KfdCacheFlags : std::uint32_t {
    kCacheEnabled = 1,
    kCacheData = 2,
    kCacheInstruction = 4,
    kCacheCpu = 8,
    kCacheSimd = 16,
};

struct KfdCache {
    int index = -1;                    // caches/<index>
    std::uint64_t processorIdLow = 0;
    int level = 0;
    std::uint64_t sizeBytes = 0;       // the file says KiB
    int lineBytes = 0;
    int association = 0;
    std::uint32_t type = 0;            // KfdCacheFlags
    std::vector<int> siblingBits;      // set bit positions of sibling_map, relative to processorIdLow
    // Physical CU slots this (level 1) cache serves: processorIdLow - simd_id_base + bit.
    // Empty for level 2 and above, whose sibling maps are laid out per shader array.
    std::vector<int> cus;

    bool isData() const { return (type & kCacheData) && !(type & kCacheInstruction) && !(type & kCacheCpu); }
};

struct KfdMemBank {
    int heapType = 0;
    std::uint64_t sizeBytes = 0;
    int widthBits = 0;
    int memClockMaxMhz = 0;
};

// What the DRM device under /sys/class/drm/renderD<minor>/device says; empty when not exposed.
struct PartitionModes {
    std::string compute;            // SPX, DPX, TPX, QPX, CPX
    std::string memory;             // NPS1, NPS2, NPS4, NPS8
    std::string availableCompute;   // comma list as the driver prints it
    std::string availableMemory;
};

struct KfdNode {
    int id = -1;                    // nodes/<id>
    std::string path;

    // From nodes/<id>/properties; 0 when absent or rejected.
    int cpuCoresCount = 0;
    int simdCount = 0;
    std::uint64_t simdIdBase = 0;
    int maxWavesPerSimd = 0;
    int ldsSizeKib = 0;
    int waveFrontSize = 0;
    int arrayCount = 0;             // shader arrays, all XCCs together
    int simdArraysPerEngine = 0;
    int cuPerSimdArray = 0;         // CU slots per shader array (active or not)
    int simdPerCu = 0;
    std::uint32_t gfxTargetVersion = 0;  // 90010 = gfx90a
    std::uint32_t vendorId = 0;
    std::uint32_t deviceId = 0;
    std::uint32_t locationId = 0;   // PCI bus << 8 | device << 3 | function
    std::uint32_t domain = 0;
    int drmRenderMinor = -1;
    int maxEngineClockMhz = 0;      // max_engine_clk_fcompute
    std::uint64_t localMemSize = 0;
    int numXcc = 1;                 // 1 when the driver is too old to say

    std::vector<KfdMemBank> memBanks;
    std::vector<KfdCache> caches;   // sorted by index

    // Derived from the level-1 caches (see classifyCaches).
    std::vector<int> activeCus;                     // physical CU slots with a vector L1, ascending
    std::vector<std::vector<int>> scalarL1dGroups;  // CUs that share one sL1d, each ascending
    std::uint64_t vectorL1Bytes = 0, scalarL1dBytes = 0, l2Bytes = 0, l3Bytes = 0;
    int vectorL1LineBytes = 0, scalarL1dLineBytes = 0, l2LineBytes = 0, l3LineBytes = 0;
    int l2Instances = 0, l3Instances = 0;

    PartitionModes partition;

    bool isGpu() const { return simdCount > 0; }
    int computeUnits() const { return simdPerCu > 0 ? simdCount / simdPerCu : 0; }
    int shaderEnginesPerXcc() const;          // 0 when unknown
    std::string gfxTarget() const;            // "gfx90a", "" when unknown
    std::uint64_t memoryBytes() const;        // local_mem_size or the sum of the memory banks
};

struct KfdTopology {
    bool found = false;                   // the nodes folder exists
    std::vector<KfdNode> nodes;           // every node, CPU ones too, by id
    std::vector<std::string> warnings;

    std::vector<const KfdNode*> gpus() const;
    // The GPU node at a PCI address (hipDeviceProp_t pciDomainID / pciBusID / pciDeviceID).
    const KfdNode* gpuAt(std::uint32_t domain, std::uint32_t bus, std::uint32_t device) const;
};

struct KfdPaths {
    std::string nodesRoot = "/sys/class/kfd/kfd/topology/nodes";
    std::string drmRoot = "/sys/class/drm";
};

KfdTopology readKfdTopology(const KfdPaths& paths = {});

// "gfx" name of a KFD gfx_target_version (90010 -> gfx90a, 90402 -> gfx942).
std::string gfxTargetName(std::uint32_t gfxTargetVersion);

// Splits the level-1 data caches into the vector L1 (one per active CU) and the scalar
// L1 data cache (shared by neighbouring CUs), and fills the derived fields of `node`.
// The driver lists every CU's vector L1 first, then the instruction caches, then the sL1d:
// a new pass over the CUs begins where a CU would be covered twice.
void classifyCaches(KfdNode& node, std::vector<std::string>& warnings);

// Reads current_compute_partition and friends under <drmRoot>/renderD<minor>/device.
PartitionModes readPartitionModes(const std::string& drmRoot, int renderMinor, std::vector<std::string>& warnings);

}  // namespace ts::amd
