// Where the blocks of thread-block clusters run (issue 39): each block names its SM. A cluster's
// blocks are scheduled together on one GPC; the shared memory asked for keeps one block per SM.
#include <cstdint>

#include "cluster_abi.hpp"
#include "device_primitives.cuh"

namespace ts::cudak {
namespace {

__global__ void clusterPlacementKernel(std::uint32_t* smOfBlock) {
    extern __shared__ unsigned char held[];
    if (threadIdx.x == 0) {
        held[0] = 1;
        smOfBlock[blockIdx.x] = dev::smId();
    }
}

// The cluster shape of a launch; `attribute` must outlive `config`.
cudaLaunchConfig_t clusterConfig(int clusterSize, int clusters, std::size_t sharedBytes, cudaStream_t s,
                                 cudaLaunchAttribute& attribute) {
    cudaLaunchConfig_t config = {};
    config.gridDim = dim3(static_cast<unsigned>(clusterSize * clusters));
    config.blockDim = dim3(32);
    config.dynamicSmemBytes = sharedBytes;
    config.stream = s;
    attribute.id = cudaLaunchAttributeClusterDimension;
    attribute.val.clusterDim.x = static_cast<unsigned>(clusterSize);
    attribute.val.clusterDim.y = 1;
    attribute.val.clusterDim.z = 1;
    config.attrs = &attribute;
    config.numAttrs = 1;
    return config;
}

// Clusters above 8 blocks need the kernel's consent; the shared memory above 48 KiB too.
cudaError_t allowShape(std::size_t sharedBytes) {
    cudaError_t e = cudaFuncSetAttribute(clusterPlacementKernel, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                         static_cast<int>(sharedBytes));
    if (e != cudaSuccess) return e;
    return cudaFuncSetAttribute(clusterPlacementKernel, cudaFuncAttributeNonPortableClusterSizeAllowed, 1);
}

}  // namespace

cudaError_t clusterOccupancy(int clusterSize, std::size_t sharedBytes, int* clusters) {
    *clusters = 0;
    cudaError_t e = allowShape(sharedBytes);
    if (e != cudaSuccess) return e;
    cudaLaunchAttribute attribute;
    const cudaLaunchConfig_t config = clusterConfig(clusterSize, 1, sharedBytes, nullptr, attribute);
    return cudaOccupancyMaxActiveClusters(clusters, clusterPlacementKernel, &config);
}

cudaError_t launchClusterPlacement(int clusterSize, int clusters, std::size_t sharedBytes, std::uint32_t* smOfBlock,
                                   cudaStream_t s) {
    cudaError_t e = allowShape(sharedBytes);
    if (e != cudaSuccess) return e;
    cudaLaunchAttribute attribute;
    const cudaLaunchConfig_t config = clusterConfig(clusterSize, clusters, sharedBytes, s, attribute);
    return cudaLaunchKernelEx(&config, clusterPlacementKernel, smOfBlock);
}

}  // namespace ts::cudak
