// NVML's entry points, loaded at run time with dlopen("libnvidia-ml.so.1"). The few types used
// are declared here from the NVML API reference, so no nvml.h is needed to build. Only
// read-only queries are bound: nothing here can change a GPU's settings (MIG included).
#pragma once
#include <string>
#include <vector>

namespace ts::cuda::nvml {

using Return = int;
using Device = struct nvmlDevice_opaque*;
using GpuInstance = struct nvmlGpuInstance_opaque*;
inline constexpr Return kSuccess = 0;
inline constexpr Return kErrorNotSupported = 3;
inline constexpr Return kErrorVersionMismatch = 25;  // NVML_ERROR_ARGUMENT_VERSION_MISMATCH

struct DeviceAttributesV2 {
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

struct Memory {
    unsigned long long total, free, used;
};

// nvmlProcessInfo_t as the _v2/_v3 process lists fill it.
struct ProcessInfo {
    unsigned int pid;
    unsigned long long usedGpuMemory;
    unsigned int gpuInstanceId;
    unsigned int computeInstanceId;
};
inline constexpr Return kErrorInsufficientSize = 7;

struct Utilization {
    unsigned int gpu, memory;
};

struct GpuInstancePlacement {
    unsigned int start;
    unsigned int size;
};

// nvmlGpuInstanceProfileInfo_t (no version field; nvmlDeviceGetGpuInstanceProfileInfo).
struct GpuInstanceProfileInfoV1 {
    unsigned int id, isP2pSupported, sliceCount, instanceCount, multiprocessorCount, copyEngineCount, decoderCount,
        encoderCount, jpegCount, ofaCount;
    unsigned long long memorySizeMB;
};

// nvmlGpuInstanceProfileInfo_v2_t and _v3_t (nvmlDeviceGetGpuInstanceProfileInfoV). v3 drops
// isP2pSupported and appends a capabilities word.
struct GpuInstanceProfileInfoV2 {
    unsigned int version, id, isP2pSupported, sliceCount, instanceCount, multiprocessorCount, copyEngineCount,
        decoderCount, encoderCount, jpegCount, ofaCount;
    unsigned long long memorySizeMB;
    char name[96];
};
struct GpuInstanceProfileInfoV3 {
    unsigned int version, id, sliceCount, instanceCount, multiprocessorCount, copyEngineCount, decoderCount,
        encoderCount, jpegCount, ofaCount;
    unsigned long long memorySizeMB;
    char name[96];
    unsigned int capabilities;
};

// NVML_STRUCT_VERSION: the struct's size in the low bits, its version in the top byte.
template <typename T>
constexpr unsigned int structVersion(unsigned int version) {
    return static_cast<unsigned int>(sizeof(T)) | (version << 24U);
}

struct GpuInstanceInfo {
    Device device;
    unsigned int id;
    unsigned int profileId;
    GpuInstancePlacement placement;
};

struct Api {
    void* lib = nullptr;
    std::string problem;  // why NVML cannot be used at all
    Return (*init)() = nullptr;
    Return (*shutdown)() = nullptr;
    const char* (*errorString)(Return) = nullptr;
    Return (*driverVersion)(char*, unsigned) = nullptr;
    Return (*byUuid)(const char*, Device*) = nullptr;
    Return (*byPci)(const char*, Device*) = nullptr;
    Return (*clockInfo)(Device, int, unsigned*) = nullptr;
    Return (*maxClockInfo)(Device, int, unsigned*) = nullptr;
    Return (*migMode)(Device, unsigned*, unsigned*) = nullptr;
    Return (*isMigHandle)(Device, unsigned*) = nullptr;
    Return (*gpuInstanceId)(Device, unsigned*) = nullptr;
    Return (*computeInstanceId)(Device, unsigned*) = nullptr;
    Return (*parentOfMig)(Device, Device*) = nullptr;
    Return (*attributes)(Device, DeviceAttributesV2*) = nullptr;
    Return (*memoryInfo)(Device, Memory*) = nullptr;
    Return (*uuid)(Device, char*, unsigned) = nullptr;
    // Other users of the GPU (read-only).
    Return (*computeProcesses)(Device, unsigned*, ProcessInfo*) = nullptr;
    Return (*graphicsProcesses)(Device, unsigned*, ProcessInfo*) = nullptr;
    Return (*mpsProcesses)(Device, unsigned*, ProcessInfo*) = nullptr;
    Return (*utilization)(Device, Utilization*) = nullptr;
    Return (*processName)(unsigned, char*, unsigned) = nullptr;
    // MIG tables (read-only).
    Return (*profileInfoV)(Device, unsigned, void*) = nullptr;  // takes a v2 or v3 struct
    Return (*profileInfoV1)(Device, unsigned, GpuInstanceProfileInfoV1*) = nullptr;
    Return (*possiblePlacements)(Device, unsigned, GpuInstancePlacement*, unsigned*) = nullptr;
    Return (*gpuInstances)(Device, unsigned, GpuInstance*, unsigned*) = nullptr;
    Return (*gpuInstanceInfo)(GpuInstance, GpuInstanceInfo*) = nullptr;
    Return (*maxMigDevices)(Device, unsigned*) = nullptr;
    Return (*migDeviceByIndex)(Device, unsigned, Device*) = nullptr;

    std::string error(Return rc) const;  // nvmlErrorString, or the number
};

// Loaded once per process; `problem` says why when it could not be.
const Api& api();

// One use of NVML: nvmlInit_v2 when made, nvmlShutdown when gone. `problem` says why it could
// not open (library missing, init failed); then nothing else may be called.
class Session {
public:
    Session();
    ~Session();
    Session(const Session&) = delete;
    Session& operator=(const Session&) = delete;

    const Api& api() const { return api_; }
    const std::string& problem() const { return problem_; }
    // The device by the first of `uuids` NVML knows, else by its PCI bus id; nullptr when neither
    // matches. `matched`: the index of the UUID that did, -1 when it was the PCI bus id (or none).
    Device find(const std::vector<std::string>& uuids, const std::string& pciBusId, int* matched = nullptr) const;

private:
    const Api& api_;
    std::string problem_;
};

}  // namespace ts::cuda::nvml

// The layouts NVML's headers give (nvmlGpuInstanceProfileInfo_v2 is version 0x02000098).
static_assert(sizeof(ts::cuda::nvml::GpuInstanceProfileInfoV2) == 152);
static_assert(sizeof(ts::cuda::nvml::GpuInstanceProfileInfoV3) == 152);
static_assert(sizeof(ts::cuda::nvml::GpuInstanceProfileInfoV1) == 48);
static_assert(sizeof(ts::cuda::nvml::ProcessInfo) == 24);
