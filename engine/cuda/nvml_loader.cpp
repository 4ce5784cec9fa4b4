#include "cuda/nvml_loader.hpp"

#include <dlfcn.h>

#include <cstdio>
#include <mutex>

namespace ts::cuda {
namespace {

// The few NVML types used here, declared from the NVML API reference (no nvml.h needed).
using nvmlReturn_t = int;
using nvmlDevice_t = struct nvmlDevice_opaque*;
constexpr nvmlReturn_t kNvmlSuccess = 0;
constexpr int kClockSm = 1;
constexpr int kClockMem = 2;

struct NvmlDeviceAttributesV2 {
    unsigned int multiprocessorCount;
    unsigned int sharedCopyEngineCount;
    unsigned int sharedDecoderCount;
    unsigned int sharedEncoderCount;
    unsigned int sharedJpegCount;
    unsigned int sharedOfaCount;
    unsigned int gpuInstanceSliceCount;
    unsigned int computeInstanceSliceCount;
    unsigned long long memorySizeMB;
};

struct NvmlMemory {
    unsigned long long total, free, used;
};

struct NvmlApi {
    void* lib = nullptr;
    std::string problem;
    nvmlReturn_t (*init)() = nullptr;
    nvmlReturn_t (*shutdown)() = nullptr;
    const char* (*errorString)(nvmlReturn_t) = nullptr;
    nvmlReturn_t (*driverVersion)(char*, unsigned) = nullptr;
    nvmlReturn_t (*byUuid)(const char*, nvmlDevice_t*) = nullptr;
    nvmlReturn_t (*byPci)(const char*, nvmlDevice_t*) = nullptr;
    nvmlReturn_t (*clockInfo)(nvmlDevice_t, int, unsigned*) = nullptr;
    nvmlReturn_t (*maxClockInfo)(nvmlDevice_t, int, unsigned*) = nullptr;
    nvmlReturn_t (*migMode)(nvmlDevice_t, unsigned*, unsigned*) = nullptr;
    nvmlReturn_t (*isMigHandle)(nvmlDevice_t, unsigned*) = nullptr;
    nvmlReturn_t (*gpuInstanceId)(nvmlDevice_t, unsigned*) = nullptr;
    nvmlReturn_t (*computeInstanceId)(nvmlDevice_t, unsigned*) = nullptr;
    nvmlReturn_t (*parentOfMig)(nvmlDevice_t, nvmlDevice_t*) = nullptr;
    nvmlReturn_t (*attributes)(nvmlDevice_t, NvmlDeviceAttributesV2*) = nullptr;
    nvmlReturn_t (*memoryInfo)(nvmlDevice_t, NvmlMemory*) = nullptr;
};

template <typename F>
void bind(void* lib, F& fn, const char* name) {
    fn = reinterpret_cast<F>(dlsym(lib, name));
}

const NvmlApi& api() {
    static NvmlApi a;
    static std::once_flag once;
    std::call_once(once, [] {
        a.lib = dlopen("libnvidia-ml.so.1", RTLD_NOW | RTLD_LOCAL);
        if (!a.lib) {
            const char* err = dlerror();
            a.problem = std::string("libnvidia-ml.so.1 not loadable: ") + (err ? err : "unknown dlopen error");
            return;
        }
        bind(a.lib, a.init, "nvmlInit_v2");
        bind(a.lib, a.shutdown, "nvmlShutdown");
        bind(a.lib, a.errorString, "nvmlErrorString");
        bind(a.lib, a.driverVersion, "nvmlSystemGetDriverVersion");
        bind(a.lib, a.byUuid, "nvmlDeviceGetHandleByUUID");
        bind(a.lib, a.byPci, "nvmlDeviceGetHandleByPciBusId_v2");
        bind(a.lib, a.clockInfo, "nvmlDeviceGetClockInfo");
        bind(a.lib, a.maxClockInfo, "nvmlDeviceGetMaxClockInfo");
        bind(a.lib, a.migMode, "nvmlDeviceGetMigMode");
        bind(a.lib, a.isMigHandle, "nvmlDeviceIsMigDeviceHandle");
        bind(a.lib, a.gpuInstanceId, "nvmlDeviceGetGpuInstanceId");
        bind(a.lib, a.computeInstanceId, "nvmlDeviceGetComputeInstanceId");
        bind(a.lib, a.parentOfMig, "nvmlDeviceGetDeviceHandleFromMigDeviceHandle");
        bind(a.lib, a.attributes, "nvmlDeviceGetAttributes_v2");
        bind(a.lib, a.memoryInfo, "nvmlDeviceGetMemoryInfo");
        if (!a.init || !a.shutdown) a.problem = "libnvidia-ml.so.1 lacks nvmlInit_v2/nvmlShutdown";
    });
    return a;
}

std::string uuidText(const char* prefix, const unsigned char (&u)[16]) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%s%02x%02x%02x%02x-%02x%02x-%02x%02x-%02x%02x-%02x%02x%02x%02x%02x%02x", prefix, u[0],
                  u[1], u[2], u[3], u[4], u[5], u[6], u[7], u[8], u[9], u[10], u[11], u[12], u[13], u[14], u[15]);
    return buf;
}

}  // namespace

NvmlReport readNvml(const std::string& pciBusId, const unsigned char (&uuid)[16]) {
    NvmlReport report;
    const NvmlApi& a = api();
    if (!a.problem.empty()) {
        report.problem = a.problem;
        return report;
    }
    const nvmlReturn_t rc = a.init();
    if (rc != kNvmlSuccess) {
        report.problem = std::string("nvmlInit_v2 failed: ") + (a.errorString ? a.errorString(rc) : std::to_string(rc));
        return report;
    }
    report.available = true;
    auto& f = report.fields;

    char version[96] = {};
    if (a.driverVersion && a.driverVersion(version, sizeof version) == kNvmlSuccess) report.driverVersion = version;

    // Inside a MIG instance CUDA reports the instance's UUID: look that up first.
    nvmlDevice_t dev = nullptr;
    bool mig = false;
    if (a.byUuid) {
        if (a.byUuid(uuidText("GPU-", uuid).c_str(), &dev) != kNvmlSuccess) {
            dev = nullptr;
            if (a.byUuid(uuidText("MIG-", uuid).c_str(), &dev) == kNvmlSuccess) mig = true;
            else dev = nullptr;
        }
    }
    if (!dev && a.byPci && a.byPci(pciBusId.c_str(), &dev) != kNvmlSuccess) dev = nullptr;
    if (!dev) {
        f["nvml_device"] = "not found by UUID or PCI bus id";
        a.shutdown();
        return report;
    }
    unsigned isMig = 0;
    if (a.isMigHandle && a.isMigHandle(dev, &isMig) == kNvmlSuccess && isMig) mig = true;

    nvmlDevice_t parent = dev;
    if (mig && a.parentOfMig && a.parentOfMig(dev, &parent) != kNvmlSuccess) parent = dev;

    unsigned mhz = 0;
    if (a.clockInfo && a.clockInfo(parent, kClockSm, &mhz) == kNvmlSuccess) f["sm_clock_mhz_now"] = std::to_string(mhz);
    if (a.clockInfo && a.clockInfo(parent, kClockMem, &mhz) == kNvmlSuccess) f["mem_clock_mhz_now"] = std::to_string(mhz);
    if (a.maxClockInfo && a.maxClockInfo(parent, kClockSm, &mhz) == kNvmlSuccess) f["sm_clock_mhz_max"] = std::to_string(mhz);
    if (a.maxClockInfo && a.maxClockInfo(parent, kClockMem, &mhz) == kNvmlSuccess) f["mem_clock_mhz_max"] = std::to_string(mhz);

    unsigned current = 0, pending = 0;
    if (a.migMode && a.migMode(parent, &current, &pending) == kNvmlSuccess)
        f["mig_mode"] = current ? "enabled" : "disabled";
    else
        f["mig_mode"] = "not supported";
    f["mig_instance"] = mig ? "yes" : "no";
    if (mig) {
        unsigned id = 0;
        if (a.gpuInstanceId && a.gpuInstanceId(dev, &id) == kNvmlSuccess) f["mig_gpu_instance_id"] = std::to_string(id);
        if (a.computeInstanceId && a.computeInstanceId(dev, &id) == kNvmlSuccess)
            f["mig_compute_instance_id"] = std::to_string(id);
        NvmlDeviceAttributesV2 attr{};
        if (a.attributes && a.attributes(dev, &attr) == kNvmlSuccess) {
            f["mig_sm_count"] = std::to_string(attr.multiprocessorCount);
            f["mig_memory_mib"] = std::to_string(attr.memorySizeMB);
            f["mig_gpu_slices"] = std::to_string(attr.gpuInstanceSliceCount);
            f["mig_compute_slices"] = std::to_string(attr.computeInstanceSliceCount);
        }
        NvmlMemory mem{};
        if (a.memoryInfo && a.memoryInfo(dev, &mem) == kNvmlSuccess)
            f["mig_memory_total_bytes"] = std::to_string(mem.total);
    }
    a.shutdown();
    return report;
}

}  // namespace ts::cuda
