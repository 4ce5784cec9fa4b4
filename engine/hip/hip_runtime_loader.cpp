#include "hip/hip_runtime_loader.hpp"

#include <dlfcn.h>

#include <mutex>
#include <vector>

#include <hip/hip_runtime_api.h>
#include <hip/hip_version.h>

// Called by the module constructors hipcc emits into every kernel object; not in the public header.
extern "C" {
void** __hipRegisterFatBinary(const void* data);
void __hipRegisterFunction(void** modules, const void* hostFunction, char* deviceFunction, const char* deviceName,
                           unsigned int threadLimit, uint3* tid, uint3* bid, dim3* blockDim, dim3* gridDim, int* wSize);
void __hipUnregisterFatBinary(void** modules);
}

namespace ts::hipb {

#define TS_HIP_STRINGIFY(x) #x
#define TS_HIP_SONAME(major) "libamdhip64.so." TS_HIP_STRINGIFY(major)
const char* const kHipRuntimeSoname = TS_HIP_SONAME(HIP_VERSION_MAJOR);

namespace {

// Kernel objects register their code objects from static constructors, before main and before
// anyone asked for HIP. The registrations are kept here and replayed into the runtime when it
// is loaded, so a program that never uses HIP never loads it.
struct FunctionRegistration {
    const void* hostFunction;
    char* deviceFunction;
    const char* deviceName;
    unsigned int threadLimit;
    uint3* tid;
    uint3* bid;
    dim3* blockDim;
    dim3* gridDim;
    int* wSize;
};

struct Module {
    const void* fatBinary;
    std::vector<FunctionRegistration> functions;
    void** runtimeHandle = nullptr;
};

struct Runtime {
    void* lib = nullptr;
    std::string problem;
    std::vector<Module*> modules;  // never freed: constructors and destructors of other objects use them
};

Runtime& runtime() {
    static Runtime* r = new Runtime;  // outlives the atexit destructors of the kernel modules
    return *r;
}

std::mutex& registrationMutex() {
    static auto* m = new std::mutex;
    return *m;
}

template <typename F>
F symbol(const char* name) {
    Runtime& r = runtime();
    return r.lib ? reinterpret_cast<F>(dlsym(r.lib, name)) : nullptr;
}

void replayRegistrations(Runtime& r) {
    auto registerFatBinary = reinterpret_cast<void** (*)(const void*)>(dlsym(r.lib, "__hipRegisterFatBinary"));
    auto registerFunction = reinterpret_cast<decltype(&__hipRegisterFunction)>(dlsym(r.lib, "__hipRegisterFunction"));
    if (!registerFatBinary || !registerFunction) {
        r.problem = std::string(kHipRuntimeSoname) + " lacks __hipRegisterFatBinary/__hipRegisterFunction";
        r.lib = nullptr;
        return;
    }
    for (Module* m : r.modules) {
        m->runtimeHandle = registerFatBinary(m->fatBinary);
        for (const FunctionRegistration& f : m->functions)
            registerFunction(m->runtimeHandle, f.hostFunction, f.deviceFunction, f.deviceName, f.threadLimit, f.tid,
                             f.bid, f.blockDim, f.gridDim, f.wSize);
    }
}

// Loads the runtime once; false (with runtime().problem set) where it cannot be loaded.
bool loaded() {
    static std::once_flag once;
    std::call_once(once, [] {
        std::lock_guard lock(registrationMutex());
        Runtime& r = runtime();
        r.lib = dlopen(kHipRuntimeSoname, RTLD_NOW | RTLD_LOCAL);
        if (!r.lib) {
            const char* e = dlerror();
            r.problem = std::string("the HIP runtime (") + kHipRuntimeSoname + ") is not installed or not loadable" +
                        (e ? std::string(": ") + e : "");
            return;
        }
        replayRegistrations(r);
    });
    return runtime().lib != nullptr;
}

}  // namespace

std::string hipRuntimeProblem() {
    loaded();
    return runtime().problem;
}

}  // namespace ts::hipb

using ts::hipb::loaded;
using ts::hipb::symbol;

// Each forwarder loads the runtime on first use; without it, the call fails with
// hipErrorSharedObjectInitFailed and hipRuntimeProblem() says why.
#define TS_HIP_FORWARD(name, params, args)                                   \
    hipError_t name params {                                                  \
        if (!loaded()) return hipErrorSharedObjectInitFailed;                 \
        static const auto fn = symbol<hipError_t(*) params>(#name);           \
        return fn ? fn args : hipErrorSharedObjectSymbolNotFound;             \
    }

extern "C" {

void** __hipRegisterFatBinary(const void* data) {
    std::lock_guard lock(ts::hipb::registrationMutex());
    auto* m = new ts::hipb::Module{data, {}};
    ts::hipb::runtime().modules.push_back(m);
    return reinterpret_cast<void**>(m);
}

void __hipRegisterFunction(void** modules, const void* hostFunction, char* deviceFunction, const char* deviceName,
                           unsigned int threadLimit, uint3* tid, uint3* bid, dim3* blockDim, dim3* gridDim, int* wSize) {
    std::lock_guard lock(ts::hipb::registrationMutex());
    reinterpret_cast<ts::hipb::Module*>(modules)->functions.push_back(
        {hostFunction, deviceFunction, deviceName, threadLimit, tid, bid, blockDim, gridDim, wSize});
}

void __hipUnregisterFatBinary(void** modules) {
    auto* m = reinterpret_cast<ts::hipb::Module*>(modules);
    if (!m->runtimeHandle) return;
    static const auto fn = symbol<void (*)(void**)>("__hipUnregisterFatBinary");
    if (fn) fn(m->runtimeHandle);
    m->runtimeHandle = nullptr;
}

TS_HIP_FORWARD(__hipPushCallConfiguration, (dim3 gridDim, dim3 blockDim, size_t sharedMem, hipStream_t stream),
               (gridDim, blockDim, sharedMem, stream))
TS_HIP_FORWARD(__hipPopCallConfiguration, (dim3 * gridDim, dim3* blockDim, size_t* sharedMem, hipStream_t* stream),
               (gridDim, blockDim, sharedMem, stream))
TS_HIP_FORWARD(hipLaunchKernel,
               (const void* function, dim3 numBlocks, dim3 dimBlocks, void** args, size_t sharedMemBytes,
                hipStream_t stream),
               (function, numBlocks, dimBlocks, args, sharedMemBytes, stream))
TS_HIP_FORWARD(hipGetLastError, (void), ())
TS_HIP_FORWARD(hipGetDeviceCount, (int* count), (count))
TS_HIP_FORWARD(hipSetDevice, (int device), (device))
TS_HIP_FORWARD(hipGetDeviceProperties, (hipDeviceProp_t * prop, int device), (prop, device))
TS_HIP_FORWARD(hipDeviceGetAttribute, (int* value, hipDeviceAttribute_t attr, int device), (value, attr, device))
TS_HIP_FORWARD(hipDeviceSynchronize, (void), ())
TS_HIP_FORWARD(hipDriverGetVersion, (int* version), (version))
TS_HIP_FORWARD(hipRuntimeGetVersion, (int* version), (version))
TS_HIP_FORWARD(hipEventCreate, (hipEvent_t * event), (event))
TS_HIP_FORWARD(hipEventDestroy, (hipEvent_t event), (event))
TS_HIP_FORWARD(hipEventElapsedTime, (float* ms, hipEvent_t start, hipEvent_t stop), (ms, start, stop))
TS_HIP_FORWARD(hipEventRecord, (hipEvent_t event, hipStream_t stream), (event, stream))
TS_HIP_FORWARD(hipEventSynchronize, (hipEvent_t event), (event))
TS_HIP_FORWARD(hipExtStreamCreateWithCUMask, (hipStream_t * stream, uint32_t cuMaskSize, const uint32_t* cuMask),
               (stream, cuMaskSize, cuMask))
TS_HIP_FORWARD(hipStreamDestroy, (hipStream_t stream), (stream))
TS_HIP_FORWARD(hipStreamSynchronize, (hipStream_t stream), (stream))
TS_HIP_FORWARD(hipMalloc, (void** ptr, size_t size), (ptr, size))
TS_HIP_FORWARD(hipFree, (void* ptr), (ptr))
TS_HIP_FORWARD(hipMemcpy, (void* dst, const void* src, size_t bytes, hipMemcpyKind kind), (dst, src, bytes, kind))
TS_HIP_FORWARD(hipMemcpyAsync, (void* dst, const void* src, size_t bytes, hipMemcpyKind kind, hipStream_t stream),
               (dst, src, bytes, kind, stream))
TS_HIP_FORWARD(hipMemset, (void* dst, int value, size_t bytes), (dst, value, bytes))

// Names for errors, including the two the forwarders make up when the runtime is missing.
const char* hipGetErrorName(hipError_t error) {
    static const auto fn = loaded() ? symbol<const char* (*)(hipError_t)>("hipGetErrorName") : nullptr;
    if (fn) return fn(error);
    return error == hipErrorSharedObjectInitFailed ? "hipErrorSharedObjectInitFailed" : "hipError";
}

const char* hipGetErrorString(hipError_t error) {
    static const auto fn = loaded() ? symbol<const char* (*)(hipError_t)>("hipGetErrorString") : nullptr;
    if (fn) return fn(error);
    return "HIP runtime not loadable";
}

}  // extern "C"
