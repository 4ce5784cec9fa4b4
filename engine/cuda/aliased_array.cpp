#include "cuda/aliased_array.hpp"

#include <cuda.h>
#include <cuda_runtime_api.h>

#include <string>

#include "backend/backend.hpp"
#include "cuda/cuda_error.hpp"
#include "cuda/gpu_context.hpp"

namespace ts::cuda {
namespace {

constexpr std::uint64_t kLargestPeriod = 1ull << 30;
constexpr std::uint64_t kSmallestPeriod = 64ull << 20;

// The driver's virtual memory calls, found through the runtime: the binaries do not link
// libcuda, so that they start on machines without the NVIDIA driver.
struct DriverCalls {
    decltype(&::cuDeviceGetAttribute) deviceGetAttribute = nullptr;
    decltype(&::cuMemGetAllocationGranularity) granularity = nullptr;
    decltype(&::cuMemCreate) create = nullptr;
    decltype(&::cuMemRelease) releaseHandle = nullptr;
    decltype(&::cuMemAddressReserve) reserve = nullptr;
    decltype(&::cuMemAddressFree) free = nullptr;
    decltype(&::cuMemMap) map = nullptr;
    decltype(&::cuMemUnmap) unmap = nullptr;
    decltype(&::cuMemSetAccess) setAccess = nullptr;
    bool complete = false;
};

template <class Fn>
bool find(const char* symbol, Fn& fn) {
    void* p = nullptr;
    cudaDriverEntryPointQueryResult status{};
    if (cudaGetDriverEntryPointByVersion(symbol, &p, 12000, cudaEnableDefault, &status) != cudaSuccess ||
        status != cudaDriverEntryPointSuccess) {
        (void)cudaGetLastError();
        return false;
    }
    fn = reinterpret_cast<Fn>(p);
    return true;
}

const DriverCalls& driver() {
    static const DriverCalls calls = [] {
        DriverCalls c;
        c.complete = find("cuDeviceGetAttribute", c.deviceGetAttribute) &&
                     find("cuMemGetAllocationGranularity", c.granularity) && find("cuMemCreate", c.create) &&
                     find("cuMemRelease", c.releaseHandle) && find("cuMemAddressReserve", c.reserve) &&
                     find("cuMemAddressFree", c.free) && find("cuMemMap", c.map) && find("cuMemUnmap", c.unmap) &&
                     find("cuMemSetAccess", c.setAccess);
        return c;
    }();
    return calls;
}

void checkDriver(CUresult result, const std::string& what) {
    if (result != CUDA_SUCCESS)
        throw BackendError("mapping the TLB walks' address range: " + what + " failed (CUDA driver error " +
                           std::to_string(static_cast<int>(result)) + ")");
}

CUmemAllocationProp deviceMemory(int device) {
    CUmemAllocationProp prop{};
    prop.type = CU_MEM_ALLOCATION_TYPE_PINNED;
    prop.location.type = CU_MEM_LOCATION_TYPE_DEVICE;
    prop.location.id = device;
    return prop;
}

}  // namespace

AliasedArray::~AliasedArray() { release(); }

std::uint64_t AliasedArray::period() {
    if (decided_) return period_;
    decided_ = true;
    const DriverCalls& d = driver();
    if (!d.complete) return period_;
    ctx_.enter();
    int supported = 0;
    if (d.deviceGetAttribute(&supported, CU_DEVICE_ATTRIBUTE_VIRTUAL_MEMORY_MANAGEMENT_SUPPORTED, ctx_.device()) !=
            CUDA_SUCCESS || !supported)
        return period_;
    const CUmemAllocationProp prop = deviceMemory(ctx_.device());
    std::size_t granule = 0;
    if (d.granularity(&granule, &prop, CU_MEM_ALLOC_GRANULARITY_RECOMMENDED) != CUDA_SUCCESS || granule == 0) return period_;
    std::size_t free = 0, total = 0;
    check(cudaMemGetInfo(&free, &total), "asking for the free device memory");
    // An eighth of the free memory at most, a power of two the granule divides.
    std::uint64_t period = kLargestPeriod;
    while (period > kSmallestPeriod && period > free / 8) period /= 2;
    if (period % granule == 0 && period <= free / 8) period_ = period;
    return period_;
}

std::byte* AliasedArray::reserve(std::uint64_t bytes) {
    const std::uint64_t p = period();
    if (p == 0) throw BackendError("mapping the TLB walks' address range: the driver cannot map memory twice");
    const std::uint64_t want = (bytes + p - 1) / p * p;
    if (base_ != 0 && want <= mapped_) return reinterpret_cast<std::byte*>(base_);
    const DriverCalls& d = driver();
    ctx_.enter();
    check(cudaDeviceSynchronize(), "waiting for the GPU before growing the TLB walks' range");
    unmap();
    const CUmemAllocationProp prop = deviceMemory(ctx_.device());
    if (handle_ == 0) {
        CUmemGenericAllocationHandle h{};
        checkDriver(d.create(&h, p, &prop, 0), "allocating " + std::to_string(p >> 20) + " MiB");
        handle_ = h;
    }
    CUdeviceptr base = 0;
    checkDriver(d.reserve(&base, want, p, 0, 0), "reserving " + std::to_string(want >> 30) + " GiB of addresses");
    base_ = base;
    reserved_ = want;
    CUmemAccessDesc access{};
    access.location = prop.location;
    access.flags = CU_MEM_ACCESS_FLAGS_PROT_READWRITE;
    for (std::uint64_t at = 0; at < want; at += p) {
        checkDriver(d.map(base_ + at, p, 0, handle_, 0), "mapping the allocation");
        mapped_ = at + p;
        checkDriver(d.setAccess(base_ + at, p, &access, 1), "granting access to the mapping");
    }
    return reinterpret_cast<std::byte*>(base_);
}

void AliasedArray::unmap() {
    if (base_ == 0) return;
    const DriverCalls& d = driver();
    for (std::uint64_t at = 0; at < mapped_; at += period_) (void)d.unmap(base_ + at, period_);
    (void)d.free(base_, reserved_);
    base_ = 0;
    reserved_ = 0;
    mapped_ = 0;
}

void AliasedArray::release() {
    if (base_ == 0 && handle_ == 0) return;
    (void)cudaDeviceSynchronize();
    unmap();
    if (handle_ != 0) (void)driver().releaseHandle(handle_);
    handle_ = 0;
}

}  // namespace ts::cuda
