// CUDA error handling for the backend: every failure becomes a ts::BackendError that names the
// CUDA error and what was being done. Nothing here exits or aborts.
#pragma once
#include <cstddef>
#include <string>

#include <cuda_runtime_api.h>

#include "backend/backend.hpp"

namespace ts::cuda {

[[noreturn]] void throwCuda(cudaError_t error, const std::string& what);

inline void check(cudaError_t error, const char* what) {
    if (error != cudaSuccess) throwCuda(error, what);
}

// Allocation failures: out-of-memory gets its own message with the size asked for.
void checkAlloc(cudaError_t error, std::size_t bytes, const char* what);

// Polls `event` until it completes; throws BackendError after `timeoutSeconds`.
void waitForEvent(cudaEvent_t event, double timeoutSeconds, const std::string& what);

std::string formatBytes(std::size_t bytes);

}  // namespace ts::cuda
