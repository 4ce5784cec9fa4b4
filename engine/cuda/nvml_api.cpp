#include "cuda/nvml_api.hpp"

#include <dlfcn.h>

#include <mutex>

namespace ts::cuda::nvml {
namespace {

template <typename F>
void bind(void* lib, F& fn, const char* name) {
    fn = reinterpret_cast<F>(dlsym(lib, name));
}

}  // namespace

std::string Api::error(Return rc) const {
    const char* text = errorString ? errorString(rc) : nullptr;
    return text ? std::string(text) : "NVML error " + std::to_string(rc);
}

Session::Session() : api_(nvml::api()), problem_(api_.problem) {  // not the accessor api()
    if (!problem_.empty()) return;
    const Return rc = api_.init();
    if (rc != kSuccess) problem_ = "nvmlInit_v2 failed: " + api_.error(rc);
}

Session::~Session() {
    if (problem_.empty()) api_.shutdown();
}

Device Session::find(const std::vector<std::string>& uuids, const std::string& pciBusId, int* matched) const {
    if (matched) *matched = -1;
    Device dev = nullptr;
    for (std::size_t i = 0; i < uuids.size() && api_.byUuid; ++i) {
        if (uuids[i].empty() || api_.byUuid(uuids[i].c_str(), &dev) != kSuccess) continue;
        if (matched) *matched = static_cast<int>(i);
        return dev;
    }
    if (api_.byPci && !pciBusId.empty() && api_.byPci(pciBusId.c_str(), &dev) == kSuccess) return dev;
    return nullptr;
}

const Api& api() {
    static Api a;
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
        bind(a.lib, a.uuid, "nvmlDeviceGetUUID");
        bind(a.lib, a.computeProcesses, "nvmlDeviceGetComputeRunningProcesses_v3");
        if (!a.computeProcesses) bind(a.lib, a.computeProcesses, "nvmlDeviceGetComputeRunningProcesses_v2");
        bind(a.lib, a.graphicsProcesses, "nvmlDeviceGetGraphicsRunningProcesses_v3");
        if (!a.graphicsProcesses) bind(a.lib, a.graphicsProcesses, "nvmlDeviceGetGraphicsRunningProcesses_v2");
        bind(a.lib, a.mpsProcesses, "nvmlDeviceGetMPSComputeRunningProcesses_v3");
        if (!a.mpsProcesses) bind(a.lib, a.mpsProcesses, "nvmlDeviceGetMPSComputeRunningProcesses_v2");
        bind(a.lib, a.utilization, "nvmlDeviceGetUtilizationRates");
        bind(a.lib, a.processName, "nvmlSystemGetProcessName");
        bind(a.lib, a.profileInfoV, "nvmlDeviceGetGpuInstanceProfileInfoV");
        bind(a.lib, a.profileInfoV1, "nvmlDeviceGetGpuInstanceProfileInfo");
        bind(a.lib, a.possiblePlacements, "nvmlDeviceGetGpuInstancePossiblePlacements_v2");
        bind(a.lib, a.gpuInstances, "nvmlDeviceGetGpuInstances");
        bind(a.lib, a.gpuInstanceInfo, "nvmlGpuInstanceGetInfo");
        bind(a.lib, a.maxMigDevices, "nvmlDeviceGetMaxMigDeviceCount");
        bind(a.lib, a.migDeviceByIndex, "nvmlDeviceGetMigDeviceHandleByIndex");
        if (!a.init || !a.shutdown) a.problem = "libnvidia-ml.so.1 lacks nvmlInit_v2/nvmlShutdown";
    });
    return a;
}

}  // namespace ts::cuda::nvml
