#include "cuda/device_memory.hpp"

#include <cuda_runtime_api.h>

#include "cuda/cuda_error.hpp"

namespace ts::cuda {

DeviceBuffer::~DeviceBuffer() { release(); }

bool DeviceBuffer::reserve(std::size_t bytes, std::size_t granule, const char* what) {
    if (bytes <= size_ && data_) return false;
    const std::size_t want = roundUp(bytes == 0 ? 1 : bytes, granule);
    if (data_) {
        // Work queued on the old allocation must finish before it is freed.
        check(cudaDeviceSynchronize(), "waiting for the GPU before growing a buffer");
        release();
    }
    void* p = nullptr;
    checkAlloc(cudaMalloc(&p, want), want, what);
    data_ = static_cast<std::byte*>(p);
    size_ = want;
    ++generation_;
    return true;
}

void DeviceBuffer::release() {
    if (data_) (void)cudaFree(data_);
    data_ = nullptr;
    size_ = 0;
}

PinnedBuffer::~PinnedBuffer() { release(); }

bool PinnedBuffer::reserve(std::size_t bytes, const char* what) {
    if (bytes <= size_ && data_) return false;
    const std::size_t want = roundUp(bytes == 0 ? 1 : bytes, std::size_t{1} << 16);
    if (data_) {
        check(cudaDeviceSynchronize(), "waiting for the GPU before growing a host buffer");
        release();
    }
    void* p = nullptr;
    const cudaError_t e = cudaMallocHost(&p, want);
    if (e != cudaSuccess) throwCuda(e, std::string("allocating ") + std::to_string(want) + " bytes of pinned host memory for " + what);
    data_ = static_cast<std::byte*>(p);
    size_ = want;
    return true;
}

void PinnedBuffer::release() {
    if (data_) (void)cudaFreeHost(data_);
    data_ = nullptr;
    size_ = 0;
}

}  // namespace ts::cuda
