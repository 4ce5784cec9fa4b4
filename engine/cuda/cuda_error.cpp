#include "cuda/cuda_error.hpp"

#include <chrono>
#include <sstream>
#include <thread>

#include "model/byte_text.hpp"

namespace ts::cuda {

void throwCuda(cudaError_t error, const std::string& what) {
    (void)cudaGetLastError();  // clear a non-sticky error so later calls start clean
    std::ostringstream msg;
    msg << "CUDA error while " << what << ": " << cudaGetErrorName(error) << " (" << cudaGetErrorString(error) << ")";
    throw BackendError(msg.str());
}

void checkAlloc(cudaError_t error, std::size_t bytes, const char* what) {
    if (error == cudaSuccess) return;
    if (error == cudaErrorMemoryAllocation) {
        (void)cudaGetLastError();
        throw BackendError("out of device memory allocating " + std::to_string(bytes) + " bytes (" +
                           formatBytes(bytes) + ") for " + what);
    }
    throwCuda(error, std::string("allocating ") + std::to_string(bytes) + " bytes for " + what);
}

void waitForEvent(cudaEvent_t event, double timeoutSeconds, const std::string& what) {
    using Clock = std::chrono::steady_clock;
    const auto start = Clock::now();
    const auto deadline = start + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(timeoutSeconds));
    for (;;) {
        const cudaError_t q = cudaEventQuery(event);
        if (q == cudaSuccess) return;
        if (q != cudaErrorNotReady) throwCuda(q, what);
        const auto now = Clock::now();
        if (now > deadline) {
            std::ostringstream msg;
            msg << what << ": the GPU did not finish within " << timeoutSeconds
                << " s (kernel hung or far too slow); the CUDA backend cannot be used any more";
            throw BackendError(msg.str());
        }
        // Short kernels are the common case: spin first, then back off.
        if (now - start < std::chrono::milliseconds(2)) std::this_thread::yield();
        else std::this_thread::sleep_for(std::chrono::microseconds(50));
    }
}

std::string formatBytes(std::size_t bytes) { return bytesText(bytes); }

}  // namespace ts::cuda
