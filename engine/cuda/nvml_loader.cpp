#include "cuda/nvml_loader.hpp"

#include <cstdio>

#include "cuda/nvml_api.hpp"
#include "cuda/nvml_mig.hpp"

namespace ts::cuda {
namespace {

using nvml::Device;
using nvml::kSuccess;
constexpr int kClockSm = 1;
constexpr int kClockMem = 2;

std::string uuidText(const char* prefix, const unsigned char (&u)[16]) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%s%02x%02x%02x%02x-%02x%02x-%02x%02x-%02x%02x-%02x%02x%02x%02x%02x%02x", prefix, u[0],
                  u[1], u[2], u[3], u[4], u[5], u[6], u[7], u[8], u[9], u[10], u[11], u[12], u[13], u[14], u[15]);
    return buf;
}

}  // namespace

NvmlReport readNvml(const std::string& pciBusId, const unsigned char (&uuid)[16], bool withMig) {
    NvmlReport report;
    const nvml::Session session;
    if (!session.problem().empty()) {
        report.problem = session.problem();
        return report;
    }
    const nvml::Api& a = session.api();
    report.available = true;
    auto& f = report.fields;

    char version[96] = {};
    if (a.driverVersion && a.driverVersion(version, sizeof version) == kSuccess) report.driverVersion = version;

    // Inside a MIG instance CUDA reports the instance's UUID: look that up too.
    int matched = -1;
    const Device dev = session.find({uuidText("GPU-", uuid), uuidText("MIG-", uuid)}, pciBusId, &matched);
    bool mig = matched == 1;
    if (!dev) {
        f["nvml_device"] = "not found by UUID or PCI bus id";
        if (withMig) report.mig = migLayoutUnknown("NVML did not find the device by UUID or PCI bus id");
        return report;
    }
    unsigned isMig = 0;
    if (a.isMigHandle && a.isMigHandle(dev, &isMig) == kSuccess && isMig) mig = true;

    Device parent = dev;
    if (mig && a.parentOfMig && a.parentOfMig(dev, &parent) != kSuccess) parent = dev;

    unsigned mhz = 0;
    if (a.clockInfo && a.clockInfo(parent, kClockSm, &mhz) == kSuccess) f["sm_clock_mhz_now"] = std::to_string(mhz);
    if (a.clockInfo && a.clockInfo(parent, kClockMem, &mhz) == kSuccess) f["mem_clock_mhz_now"] = std::to_string(mhz);
    if (a.maxClockInfo && a.maxClockInfo(parent, kClockSm, &mhz) == kSuccess) f["sm_clock_mhz_max"] = std::to_string(mhz);
    if (a.maxClockInfo && a.maxClockInfo(parent, kClockMem, &mhz) == kSuccess) f["mem_clock_mhz_max"] = std::to_string(mhz);

    unsigned current = 0, pending = 0;
    if (a.migMode && a.migMode(parent, &current, &pending) == kSuccess)
        f["mig_mode"] = current ? "enabled" : "disabled";
    else
        f["mig_mode"] = "not supported";
    f["mig_instance"] = mig ? "yes" : "no";
    if (mig) {
        unsigned id = 0;
        if (a.gpuInstanceId && a.gpuInstanceId(dev, &id) == kSuccess) f["mig_gpu_instance_id"] = std::to_string(id);
        if (a.computeInstanceId && a.computeInstanceId(dev, &id) == kSuccess)
            f["mig_compute_instance_id"] = std::to_string(id);
        nvml::DeviceAttributesV2 attr{};
        if (a.attributes && a.attributes(dev, &attr) == kSuccess) {
            f["mig_sm_count"] = std::to_string(attr.multiprocessorCount);
            f["mig_memory_mib"] = std::to_string(attr.memorySizeMB);
            f["mig_gpu_slices"] = std::to_string(attr.gpuInstanceSliceCount);
            f["mig_compute_slices"] = std::to_string(attr.computeInstanceSliceCount);
        }
        nvml::Memory mem{};
        if (a.memoryInfo && a.memoryInfo(dev, &mem) == kSuccess)
            f["mig_memory_total_bytes"] = std::to_string(mem.total);
    }
    if (withMig) report.mig = readMigLayout(a, parent, mig ? dev : nullptr);
    return report;
}

}  // namespace ts::cuda
