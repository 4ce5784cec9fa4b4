#include "cuda/gpu_context.hpp"

#include <algorithm>
#include <cstring>

#include "chase_abi.hpp"
#include "cuda/cuda_error.hpp"
#include "sequence_abi.hpp"

#ifndef TOPOSCOPE_CUDA_ARCHS_TEXT
#define TOPOSCOPE_CUDA_ARCHS_TEXT "unknown"
#endif

namespace ts::cuda {
namespace {

constexpr std::size_t kBank0StagingBytes = std::size_t{cudak::kConstBankElems} * 4;
constexpr std::size_t kModuleStagingBytes = kBank0StagingBytes * cudak::kConstModules;
constexpr std::size_t kCtlBytes = std::size_t{cudak::kCtlWords} * 4;
constexpr std::size_t kSmIdWords = 64;  // %smid values up to 2047

std::string cudaVersionText(int v) { return std::to_string(v / 1000) + "." + std::to_string((v % 1000) / 10); }

void checkDriverAndIndex(int device) {
    int count = 0;
    const cudaError_t e = cudaGetDeviceCount(&count);
    if (e == cudaErrorInsufficientDriver || e == cudaErrorCompatNotSupportedOnDevice) {
        (void)cudaGetLastError();
        int driver = 0, runtime = 0;
        (void)cudaDriverGetVersion(&driver);
        (void)cudaRuntimeGetVersion(&runtime);
        if (driver == 0)
            throw BackendError("no NVIDIA driver found (libcuda could not be loaded): the CUDA backend needs one");
        throw BackendError("the NVIDIA driver is too old: it supports CUDA " + cudaVersionText(driver) +
                           ", this build needs CUDA " + cudaVersionText(runtime) + " or newer");
    }
    if (e == cudaErrorNoDevice || (e == cudaSuccess && count == 0)) {
        (void)cudaGetLastError();
        throw BackendError("no CUDA-capable GPU found");
    }
    if (e != cudaSuccess) throwCuda(e, "looking for CUDA devices");
    if (device < 0 || device >= count)
        throw BackendError("CUDA device index " + std::to_string(device) + " is invalid: " + std::to_string(count) +
                           " device(s) found, valid indices 0.." + std::to_string(count - 1));
}

}  // namespace

GpuContext::GpuContext(int device) : device_(device) {
    checkDriverAndIndex(device);
    check(cudaSetDevice(device), "selecting the CUDA device");
    check(cudaFree(nullptr), "creating the CUDA context");
    info_ = queryDeviceInfo(device, limits_);

    cudaFuncAttributes attr{};
    const cudaError_t e = cudak::chaseKernelInfo(&attr);
    if (e == cudaErrorNoKernelImageForDevice || e == cudaErrorInvalidDeviceFunction ||
        e == cudaErrorUnsupportedPtxVersion) {
        (void)cudaGetLastError();
        throw BackendError("this build has no kernels for " + info_.arch + " (" + info_.name +
                           "): it was built for CUDA architectures " TOPOSCOPE_CUDA_ARCHS_TEXT
                           "; reconfigure with -DTOPOSCOPE_CUDA_ARCHS=" +
                           std::to_string(info_.ccMajor) + std::to_string(info_.ccMinor));
    }
    check(e, "looking up the chase kernel");
    info_.extra["chase_kernel_registers"] = std::to_string(attr.numRegs);
    check(cudak::prepareChaseKernel(static_cast<int>(limits_.sharedOptinBytes)), "configuring the chase kernel");
    check(cudak::prepareSequenceKernels(), "configuring the sequence chase kernels");
    check(cudak::prepareEvictionKernels(), "configuring the eviction test kernels");
    for (int m = 0; m < cudak::kConstModules; ++m) check(cudak::constModule(m).prepare(static_cast<int>(limits_.sharedOptinBytes)), "configuring a constant module");

    check(cudaStreamCreateWithFlags(&main_, cudaStreamNonBlocking), "creating a stream");
    check(cudaStreamCreateWithFlags(&side_, cudaStreamNonBlocking), "creating a stream");
    check(cudaEventCreateWithFlags(&done_, cudaEventDisableTiming), "creating an event");
    check(cudaEventCreateWithFlags(&uploaded_, cudaEventDisableTiming), "creating an event");
    check(cudaEventCreateWithFlags(&sideDone_, cudaEventDisableTiming), "creating an event");
    check(cudaEventCreate(&start_), "creating an event");
    check(cudaEventCreate(&stop_), "creating an event");

    ctl_.reserve(kCtlBytes + kBank0StagingBytes + kModuleStagingBytes + 256, 1 << 16, "control words");
    check(cudaMemset(ctl_.data(), 0, ctl_.size()), "clearing the control words");
    scanSmIds();
    if (cudaDeviceGetLimit(&defaultL2FetchBytes_, cudaLimitMaxL2FetchGranularity) == cudaSuccess) {
        l2FetchBytes_ = defaultL2FetchBytes_;
        info_.extra["l2_fetch_limit"] = "driver default " + std::to_string(defaultL2FetchBytes_) +
                                        " B (bandwidth runs with it); pointer chases set " +
                                        std::to_string(kChaseL2FetchBytes) + " B";
    } else {
        (void)cudaGetLastError();
        info_.extra["l2_fetch_limit"] = "unknown (cudaDeviceGetLimit failed); left as the driver set it";
    }
}

void GpuContext::setL2FetchLimit(std::size_t bytes) {
    if (bytes == l2FetchBytes_ || defaultL2FetchBytes_ == 0) return;
    if (cudaDeviceSetLimit(cudaLimitMaxL2FetchGranularity, bytes) != cudaSuccess) {
        (void)cudaGetLastError();
        info_.extra["l2_fetch_limit"] = "could not be set to " + std::to_string(bytes) + " B; driver default " +
                                        std::to_string(defaultL2FetchBytes_) + " B used throughout";
        defaultL2FetchBytes_ = 0;  // stop trying
        return;
    }
    l2FetchBytes_ = bytes;
}

GpuContext::~GpuContext() {
    (void)cudaSetDevice(device_);
    if (broken_.empty()) (void)cudaDeviceSynchronize();
    textures_.clear();
    for (cudaEvent_t ev : {done_, uploaded_, sideDone_, start_, stop_})
        if (ev) (void)cudaEventDestroy(ev);
    if (main_) (void)cudaStreamDestroy(main_);
    if (side_) (void)cudaStreamDestroy(side_);
}

void GpuContext::enter() {
    if (!broken_.empty()) throw BackendError("the CUDA backend is unusable after an earlier failure: " + broken_, true);
    check(cudaSetDevice(device_), "selecting the CUDA device");
}

std::uint32_t* GpuContext::bank0Staging() const {
    return reinterpret_cast<std::uint32_t*>(ctl_.data() + kCtlBytes);
}
std::uint32_t* GpuContext::moduleStaging() const {
    return reinterpret_cast<std::uint32_t*>(ctl_.data() + kCtlBytes + kBank0StagingBytes);
}
std::uint32_t* GpuContext::sink() const {
    return reinterpret_cast<std::uint32_t*>(ctl_.data() + kCtlBytes + kBank0StagingBytes + kModuleStagingBytes);
}

// Blocks of a wide grid record their %smid; each stays a few microseconds so the rest spread out.
void GpuContext::scanSmIds() {
    io_.reserve(kSmIdWords * 4, 1 << 20, "the SM id scan");
    hostIo_.reserve(kSmIdWords * 4, "the SM id scan");
    auto* bitmap = reinterpret_cast<std::uint32_t*>(io_.data());
    std::vector<int> ids;
    for (int attempt = 0; attempt < 3; ++attempt) {
        check(cudaMemsetAsync(bitmap, 0, kSmIdWords * 4, main_), "clearing the SM id bitmap");
        const unsigned grid = static_cast<unsigned>(limits_.smCount) * (4u << (2 * attempt));
        check(cudak::launchSmIdScan(bitmap, kSmIdWords, grid, 20'000ull << (2 * attempt), main_), "scanning SM ids");
        check(cudaMemcpyAsync(hostIo_.data(), bitmap, kSmIdWords * 4, cudaMemcpyDeviceToHost, main_), "reading SM ids");
        check(cudaEventRecord(done_, main_), "recording an event");
        waitForEvent(done_, 10.0, "scanning SM ids");
        const auto* words = reinterpret_cast<const std::uint32_t*>(hostIo_.data());
        ids.clear();
        for (std::size_t w = 0; w < kSmIdWords; ++w)
            for (int b = 0; b < 32; ++b)
                if (words[w] & (1u << b)) ids.push_back(static_cast<int>(w * 32 + static_cast<std::size_t>(b)));
        if (static_cast<int>(ids.size()) >= limits_.smCount) break;
    }
    auto& x = info_.extra;
    if (static_cast<int>(ids.size()) != limits_.smCount) {
        x["smid_map"] = "warning: a scan saw " + std::to_string(ids.size()) + " distinct %smid values for " +
                        std::to_string(limits_.smCount) + " SMs; assuming %smid = logical index";
        ids.resize(static_cast<std::size_t>(limits_.smCount));
        for (int i = 0; i < limits_.smCount; ++i) ids[static_cast<std::size_t>(i)] = i;
    }
    smIds_ = ids;
    smRows_ = *std::max_element(smIds_.begin(), smIds_.end()) + 1;
    bool identity = true;
    for (std::size_t i = 0; i < smIds_.size(); ++i) identity = identity && smIds_[i] == static_cast<int>(i);
    info_.physicalUnitIds.clear();
    if (!identity) info_.physicalUnitIds = smIds_;
    if (!x.count("smid_map"))
        x["smid_map"] = identity ? "identity (%smid 0.." + std::to_string(smIds_.size() - 1) + ")"
                                 : "non-contiguous %smid values, highest " + std::to_string(smRows_ - 1);
}

void GpuContext::enqueueL2Flush(cudaStream_t stream) {
    const std::size_t bytes = roundUp(std::max<std::size_t>(limits_.l2Bytes * 2, 8u << 20), 2u << 20);
    if (flush_.size() < bytes) {
        flush_.reserve(bytes, 2u << 20, "the L2 flush buffer");
        check(cudaMemsetAsync(flush_.data(), 0x5a, flush_.size(), stream), "filling the L2 flush buffer");
    }
    check(cudak::launchFlush(flush_.data(), flush_.size(), sink(), static_cast<unsigned>(limits_.smCount) * 4, stream),
          "flushing the L2");
    ++stats_.l2Flushes;
}

}  // namespace ts::cuda
