// Where thread-block clusters run on the GPU (issue 39; kernels/cuda/cluster_kernels.cu).
#pragma once
#include "backend/backend.hpp"
#include "cuda/device_memory.hpp"
#include "cuda/gpu_context.hpp"

namespace ts::cuda {

class ClusterPlacer {
public:
    explicit ClusterPlacer(GpuContext& ctx) : ctx_(ctx) {}
    ClusterPlacement run(const ClusterPlacementRequest& request);

private:
    GpuContext& ctx_;
    DeviceBuffer out_;
    PinnedBuffer hostOut_;
};

}  // namespace ts::cuda
