#include "cuda/device_query.hpp"

#include <cstdio>

#include <cuda_runtime_api.h>

#include "backend/node_placement_sysfs.hpp"
#include "cuda/cuda_error.hpp"
#include "cuda/nvml_loader.hpp"
#include "cuda/nvml_mig.hpp"

namespace ts::cuda {
namespace {

int attribute(cudaDeviceAttr attr, int device, const char* name) {
    int value = 0;
    const cudaError_t e = cudaDeviceGetAttribute(&value, attr, device);
    if (e != cudaSuccess) throwCuda(e, std::string("reading device attribute ") + name);
    return value;
}

std::string versionText(int v) { return std::to_string(v / 1000) + "." + std::to_string((v % 1000) / 10); }

}  // namespace

int fp32CoresPerSm(int major, int minor) {
    switch (major) {
        case 7: return 64;
        case 8: return minor == 0 ? 64 : 128;
        case 9: return 128;
        case 10:
        case 11:
        case 12: return 128;
        default: return 0;
    }
}

DeviceInfo queryDeviceInfo(int device, DeviceLimits& limits) {
    DeviceInfo info;
    info.vendor = Vendor::Nvidia;
    info.backend = "cuda";

    cudaDeviceProp prop{};
    check(cudaGetDeviceProperties(&prop, device), "reading device properties");
    info.name = prop.name;

#define TS_ATTR(id) attribute(id, device, #id)
    info.ccMajor = TS_ATTR(cudaDevAttrComputeCapabilityMajor);
    info.ccMinor = TS_ATTR(cudaDevAttrComputeCapabilityMinor);
    info.arch = "sm_" + std::to_string(info.ccMajor) + std::to_string(info.ccMinor);
    info.clockKhz = static_cast<std::uint64_t>(TS_ATTR(cudaDevAttrClockRate));
    info.memoryClockKhz = static_cast<std::uint64_t>(TS_ATTR(cudaDevAttrMemoryClockRate));
    info.memoryBusWidthBits = TS_ATTR(cudaDevAttrGlobalMemoryBusWidth);
    info.unitCount = TS_ATTR(cudaDevAttrMultiProcessorCount);
    info.warpSize = TS_ATTR(cudaDevAttrWarpSize);
    info.coresPerUnit = fp32CoresPerSm(info.ccMajor, info.ccMinor);
    info.maxThreadsPerBlock = TS_ATTR(cudaDevAttrMaxThreadsPerBlock);
    info.maxThreadsPerUnit = TS_ATTR(cudaDevAttrMaxThreadsPerMultiProcessor);
    info.maxBlocksPerUnit = TS_ATTR(cudaDevAttrMaxBlocksPerMultiprocessor);
    info.regsPerBlock = TS_ATTR(cudaDevAttrMaxRegistersPerBlock);
    info.regsPerUnit = TS_ATTR(cudaDevAttrMaxRegistersPerMultiprocessor);
    info.concurrentKernels = TS_ATTR(cudaDevAttrConcurrentKernels) != 0;
    info.cooperativeLaunch = TS_ATTR(cudaDevAttrCooperativeLaunch) != 0;
    info.l2SizeBytes = static_cast<std::uint64_t>(TS_ATTR(cudaDevAttrL2CacheSize));
    info.persistingL2MaxBytes = static_cast<std::uint64_t>(TS_ATTR(cudaDevAttrMaxPersistingL2CacheSize));
    info.sharedPerUnitBytes = static_cast<std::uint64_t>(TS_ATTR(cudaDevAttrMaxSharedMemoryPerMultiprocessor));
    const auto sharedDefault = static_cast<std::uint64_t>(TS_ATTR(cudaDevAttrMaxSharedMemoryPerBlock));
    const auto sharedOptin = static_cast<std::uint64_t>(TS_ATTR(cudaDevAttrMaxSharedMemoryPerBlockOptin));
    info.sharedPerBlockBytes = sharedOptin;
    info.reservedSharedPerBlockBytes = static_cast<std::uint64_t>(TS_ATTR(cudaDevAttrReservedSharedMemoryPerBlock));
    info.totalConstBytes = static_cast<std::uint64_t>(TS_ATTR(cudaDevAttrTotalConstantMemory));
    info.totalGlobalBytes = prop.totalGlobalMem;
    const int tex1DLinear = TS_ATTR(cudaDevAttrMaxTexture1DLinearWidth);
    const int asyncEngines = TS_ATTR(cudaDevAttrAsyncEngineCount);
    const int ecc = TS_ATTR(cudaDevAttrEccEnabled);
    const int maxGridX = TS_ATTR(cudaDevAttrMaxGridDimX);
    const int l1Global = TS_ATTR(cudaDevAttrGlobalL1CacheSupported);
    const int l1Local = TS_ATTR(cudaDevAttrLocalL1CacheSupported);
    const int maxBlockDimX = TS_ATTR(cudaDevAttrMaxBlockDimX);
    const int accessPolicyMax = TS_ATTR(cudaDevAttrMaxAccessPolicyWindowSize);
#undef TS_ATTR

    char pci[32] = {};
    check(cudaDeviceGetPCIBusId(pci, sizeof pci, device), "reading the PCI bus id");

    int runtime = 0, driver = 0;
    (void)cudaRuntimeGetVersion(&runtime);
    (void)cudaDriverGetVersion(&driver);

    auto& x = info.extra;
    x["pci_bus_id"] = pci;
    info.node = readNodePlacement(pci);
    x["cuda_runtime"] = versionText(runtime);
    x["cuda_driver_api"] = versionText(driver);
    x["shared_per_block_default_bytes"] = std::to_string(sharedDefault);
    x["shared_per_block_optin_bytes"] = std::to_string(sharedOptin);
    x["max_texture1d_linear_texels"] = std::to_string(tex1DLinear);
    x["async_engines"] = std::to_string(asyncEngines);
    x["ecc"] = ecc ? "enabled" : "disabled";
    x["max_grid_x"] = std::to_string(maxGridX);
    x["max_block_dim_x"] = std::to_string(maxBlockDimX);
    x["global_l1_cache"] = l1Global ? "yes" : "no";
    x["local_l1_cache"] = l1Local ? "yes" : "no";
    x["access_policy_window_max_bytes"] = std::to_string(accessPolicyMax);
    x["l1_carveout"] = "chase kernels prefer the largest L1 (shared-memory carveout hint 0)";

    limits.smCount = info.unitCount;
    limits.sharedOptinBytes = sharedOptin;
    limits.l2Bytes = info.l2SizeBytes;
    limits.texture1DLinearElems = static_cast<std::uint64_t>(tex1DLinear);
    limits.totalGlobalBytes = info.totalGlobalBytes;
    limits.maxThreadsPerSm = info.maxThreadsPerUnit;

    info.driver = "CUDA driver API " + versionText(driver);
    refreshNvml(device, info, true);
    return info;
}

namespace {

std::string uuidString(const char* prefix, const unsigned char (&u)[16]) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%s%02x%02x%02x%02x-%02x%02x-%02x%02x-%02x%02x-%02x%02x%02x%02x%02x%02x", prefix, u[0],
                  u[1], u[2], u[3], u[4], u[5], u[6], u[7], u[8], u[9], u[10], u[11], u[12], u[13], u[14], u[15]);
    return buf;
}

}  // namespace

void refreshNvml(int device, DeviceInfo& info, bool withMig) {
    cudaDeviceProp prop{};
    check(cudaGetDeviceProperties(&prop, device), "reading device properties");
    unsigned char uuid[16];
    for (int i = 0; i < 16; ++i) uuid[i] = static_cast<unsigned char>(prop.uuid.bytes[i]);
    const auto pci = info.extra.count("pci_bus_id") ? info.extra.at("pci_bus_id") : std::string{};
    NvmlReport nvml = readNvml(pci, uuid, withMig);
    info.extra["uuid"] = uuidString("GPU-", uuid);  // cudaDeviceProp::uuid, nvidia-smi's spelling
    if (!nvml.available) {
        info.extra["nvml"] = "warning: " + nvml.problem + " (driver version, current clocks and MIG state unknown)";
        if (withMig) info.mig = migLayoutUnknown(nvml.problem);
        return;
    }
    if (nvml.mig) info.mig = std::move(nvml.mig);
    info.extra["nvml"] = "ok";
    if (!nvml.driverVersion.empty()) {
        info.driver = nvml.driverVersion;
        info.extra["driver_version"] = nvml.driverVersion;
    }
    for (const auto& [k, v] : nvml.fields) info.extra[k] = v;
    if (info.extra["mig_instance"] == "yes") info.extra["uuid"] = uuidString("MIG-", uuid);  // the instance's UUID
}

}  // namespace ts::cuda
