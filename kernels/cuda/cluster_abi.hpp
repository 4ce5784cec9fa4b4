// Host-side entry of the cluster-placement kernel (cluster_kernels.cu, issue 39).
#pragma once
#include <cstddef>
#include <cstdint>

#include <cuda_runtime_api.h>

namespace ts::cudak {

// How many clusters of `clusterSize` blocks, each with `sharedBytes` of dynamic shared memory (so
// that one block fills an SM), can run at once (cudaOccupancyMaxActiveClusters). An error where
// the device or this build has no clusters (before sm_90).
cudaError_t clusterOccupancy(int clusterSize, std::size_t sharedBytes, int* clusters);

// Launches `clusters` clusters of `clusterSize` blocks; block b writes its %smid to smOfBlock[b].
cudaError_t launchClusterPlacement(int clusterSize, int clusters, std::size_t sharedBytes, std::uint32_t* smOfBlock,
                                   cudaStream_t s);

}  // namespace ts::cudak
