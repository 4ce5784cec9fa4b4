// The CUDA backend of TopoScope: the ts::Backend primitives (pointer chases, timer overhead,
// bandwidth, device queries) on an NVIDIA GPU. Design notes: docs/cuda-backend.md.
#pragma once
#include <cstdint>
#include <memory>
#include <optional>

#include "backend/backend.hpp"

namespace ts {

// Backend for CUDA device `device` (0-based). Throws BackendError with a readable reason when
// there is no NVIDIA driver or GPU, the driver is older than the CUDA runtime this was built
// with, the index is out of range, or this build has no kernels for the device's architecture.
// Not thread-safe: use one backend from one thread at a time.
std::unique_ptr<Backend> makeCudaBackend(int device = 0);

// Number of CUDA devices; 0 when there is no driver or no GPU. Never throws.
int cudaDeviceCount();

// Counters of what a CUDA backend has launched so far (for diagnostics and the probe).
struct CudaLaunchStats {
    std::uint64_t chaseLaunches = 0;      // chase kernel launches (retries included)
    std::uint64_t placementRetries = 0;   // launches repeated because a block missed its SM
    std::uint64_t initLaunches = 0;       // array initialisation kernels
    std::uint64_t constUploads = 0;       // constant-bank uploads (device to device)
    std::uint64_t l2Flushes = 0;          // L2 evictions before cold chases
    std::uint64_t moduleLaunches = 0;     // extra constant-module kernels
    std::uint64_t bandwidthLaunches = 0;  // bandwidth kernels and vendor copies
    double chaseWallSeconds = 0;          // host time spent in chase()/chaseBatch()
    double chaseKernelSeconds = 0;        // GPU time of the chase kernels (CUDA events)
};

// The counters of `backend` when it is a CUDA backend, otherwise nullopt.
std::optional<CudaLaunchStats> cudaLaunchStats(const Backend& backend);

}  // namespace ts
