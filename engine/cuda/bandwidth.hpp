// Bandwidth runs: read, write and copy kernels with 128-bit accesses over the shared arena,
// timed with CUDA events (best of the repetitions), plus cudaMemcpy device-to-device for Copy.
#pragma once
#include "backend/backend.hpp"
#include "cuda/chase_launcher.hpp"
#include "cuda/gpu_context.hpp"

namespace ts::cuda {

class BandwidthRunner {
public:
    BandwidthRunner(GpuContext& ctx, ChaseLauncher& chaser) : ctx_(ctx), chaser_(chaser) {}
    BandwidthResult run(const BandwidthRequest& request);

private:
    GpuContext& ctx_;
    ChaseLauncher& chaser_;
};

}  // namespace ts::cuda
