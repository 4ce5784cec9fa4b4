#include "hip/device_query.hpp"

#include <cstdio>

#include <hip/hip_runtime_api.h>

#include "amd/hsa_caches.hpp"
#include "backend/node_placement_sysfs.hpp"
#include "hip/hip_error.hpp"

namespace ts::hipb {
namespace {

int attribute(hipDeviceAttribute_t a, int device) {
    int v = 0;
    return hipDeviceGetAttribute(&v, a, device) == hipSuccess ? v : 0;
}

std::string archOf(const char* gcnArchName) {
    std::string arch(gcnArchName);
    return arch.substr(0, arch.find(':'));  // "gfx90a:sramecc+:xnack-" -> "gfx90a"
}

void addKfdFacts(DeviceFacts& f) {
    DeviceInfo& d = f.info;
    const amd::KfdNode& n = *f.kfd;
    d.extra["kfd.node"] = std::to_string(n.id);
    d.l2LineBytes = static_cast<std::uint64_t>(n.l2LineBytes);
    d.xcds = n.numXcc;
    d.simdsPerUnit = n.simdPerCu;
    if (n.ldsSizeKib > 0) d.sharedPerUnitBytes = static_cast<std::uint64_t>(n.ldsSizeKib) * 1024;
    if (n.l3Bytes > 0) d.extra["kfd.l3.bytes"] = std::to_string(n.l3Bytes * static_cast<std::uint64_t>(n.l3Instances));
    if (n.l2Instances > 1) d.extra["kfd.l2.instances"] = std::to_string(n.l2Instances);
    if (!n.partition.compute.empty()) d.extra["partition.compute"] = n.partition.compute;
    if (!n.partition.memory.empty()) d.extra["partition.memory"] = n.partition.memory;
    d.extra["kfd.cu.active"] = std::to_string(n.activeCus.size());
    d.extra["kfd.sl1d.groups"] = std::to_string(n.scalarL1dGroups.size());
    d.driverScalarCacheGroups = n.scalarL1dGroups;
}

void addHsaFacts(DeviceFacts& f) {
    const amd::HsaCacheReport hsa = amd::queryHsaCaches();
    if (!hsa.available) {
        f.notes.push_back("HSA cache query: " + hsa.reason);
        return;
    }
    for (const auto& gpu : hsa.gpus) {
        if (f.kfd && gpu.driverNodeId != static_cast<std::uint32_t>(f.kfd->id)) continue;
        for (const auto& c : gpu.caches) {
            std::string key = "hsa.cache.";
            if (c.name.empty()) key += 'L' + std::to_string(c.level);
            else key += c.name;
            f.info.extra[key] = std::to_string(c.sizeBytes);
        }
        break;
    }
}

}  // namespace

DeviceFacts queryDevice(int device, const amd::KfdPaths& paths) {
    DeviceFacts f;
    hipDeviceProp_t p{};
    check(hipGetDeviceProperties(&p, device), "hipGetDeviceProperties(" + std::to_string(device) + ")");
    DeviceInfo& d = f.info;
    d.vendor = Vendor::Amd;
    d.backend = "hip";
    d.name = p.name;
    d.arch = archOf(p.gcnArchName);
    d.ccMajor = p.major;
    d.ccMinor = p.minor;
    d.asicRevision = attribute(hipDeviceAttributeAsicRevision, device);
    d.clockKhz = static_cast<std::uint64_t>(p.clockRate);
    d.memoryClockKhz = static_cast<std::uint64_t>(p.memoryClockRate);
    d.memoryBusWidthBits = p.memoryBusWidth;
    d.unitCount = p.multiProcessorCount;
    d.warpSize = p.warpSize;
    d.coresPerUnit = 64;  // 4 SIMDs of 16 lanes on CDNA
    d.maxThreadsPerBlock = p.maxThreadsPerBlock;
    d.maxThreadsPerUnit = p.maxThreadsPerMultiProcessor;
    d.regsPerBlock = p.regsPerBlock;
    d.concurrentKernels = p.concurrentKernels != 0;
    d.cooperativeLaunch = p.cooperativeLaunch != 0;
    d.l2SizeBytes = static_cast<std::uint64_t>(p.l2CacheSize);
    d.sharedPerUnitBytes = p.maxSharedMemoryPerMultiProcessor;  // HIP reports the device total; KFD corrects it
    d.sharedPerBlockBytes = p.sharedMemPerBlock;
    d.totalConstBytes = p.totalConstMem;
    d.totalGlobalBytes = p.totalGlobalMem;
    int driver = 0, runtime = 0;
    if (hipDriverGetVersion(&driver) == hipSuccess && hipRuntimeGetVersion(&runtime) == hipSuccess)
        d.driver = "HIP driver " + std::to_string(driver) + ", runtime " + std::to_string(runtime);
    d.extra["pci"] = std::to_string(p.pciDomainID) + ":" + std::to_string(p.pciBusID) + ":" + std::to_string(p.pciDeviceID);
    d.extra["gcnArchName"] = p.gcnArchName;
    char busId[32] = {};
    std::snprintf(busId, sizeof busId, "%04x:%02x:%02x.0", static_cast<unsigned>(p.pciDomainID),
                  static_cast<unsigned>(p.pciBusID), static_cast<unsigned>(p.pciDeviceID));
    d.node = readNodePlacement(busId);

    const amd::KfdTopology topology = amd::readKfdTopology(paths);
    const amd::KfdNode* node = topology.gpuAt(static_cast<std::uint32_t>(p.pciDomainID),
                                              static_cast<std::uint32_t>(p.pciBusID),
                                              static_cast<std::uint32_t>(p.pciDeviceID));
    for (const auto& w : topology.warnings) f.notes.push_back("KFD: " + w);
    if (node) {
        f.kfd = *node;
        addKfdFacts(f);
    } else if (topology.found) {
        f.notes.push_back("KFD: no GPU node at PCI " + d.extra["pci"]);
    }
    addHsaFacts(f);
    return f;
}

}  // namespace ts::hipb
