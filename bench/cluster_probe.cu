// cluster_probe: raw data for issue 39 (which SMs form a GPC and a TPC), to design the benchmark on.
// For cluster sizes 2..16 it asks the occupancy API how many clusters fit at once, launches grids of
// one block per SM (the dynamic shared memory forces it) many times and prints where every block
// of every cluster ran (%smid), then, in clusters of 16 (or the largest size allowed), the latency
// of a chase by rank 0 through each other rank's shared memory (distributed shared memory).
// Build: nvcc -O2 -arch=sm_90 -o cluster_probe bench/cluster_probe.cu. Output: lines of text,
// "occupancy SIZE CLUSTERS", "place SIZE LAUNCH CLUSTER SM SM ...", "dsmem SM_FROM SM_TO CYCLES".
#include <cooperative_groups.h>
#include <cstdio>
#include <cstdlib>
#include <vector>

namespace cg = cooperative_groups;

#define CHECK(x)                                                                   \
    do {                                                                           \
        cudaError_t e = (x);                                                       \
        if (e != cudaSuccess) {                                                    \
            std::printf("error %s at %s:%d\n", cudaGetErrorString(e), __FILE__, __LINE__); \
            std::exit(1);                                                          \
        }                                                                          \
    } while (0)

__device__ unsigned smId() {
    unsigned id;
    asm volatile("mov.u32 %0, %%smid;" : "=r"(id));
    return id;
}

__global__ void recordPlacement(unsigned* smOfBlock) {
    extern __shared__ unsigned char pad[];
    if (threadIdx.x == 0) {
        pad[0] = 1;
        smOfBlock[blockIdx.x] = smId();
    }
    cg::this_cluster().sync();
}

constexpr int kRing = 256;     // pointers in each block's ring (1 KiB)
constexpr int kLoads = 2048;   // timed dependent loads per target rank

// Rank 0's thread 0 walks a ring in rank r's shared memory for every r; the others hold their
// memory alive until the cluster's last sync.
__global__ void dsmemLatency(unsigned* smOfBlock, unsigned* cycles) {
    extern __shared__ unsigned ring[];
    cg::cluster_group cluster = cg::this_cluster();
    unsigned rank = cluster.block_rank();
    if (threadIdx.x == 0) {
        for (int i = 0; i < kRing; ++i) ring[i] = (i + 37) % kRing;
        smOfBlock[blockIdx.x] = smId();
    }
    cluster.sync();
    if (rank == 0 && threadIdx.x == 0) {
        unsigned n = cluster.num_blocks();
        unsigned clusterIndex = blockIdx.x / n;
        for (unsigned r = 0; r < n; ++r) {
            unsigned* remote = cluster.map_shared_rank(ring, r);
            unsigned j = 0;
            for (int i = 0; i < 256; ++i) j = remote[j];  // warm-up
            long long t0 = clock64();
            for (int i = 0; i < kLoads; ++i) j = remote[j];
            long long t1 = clock64();
            cycles[clusterIndex * n + r] = unsigned((t1 - t0) / kLoads) + (j == 0xffffffffu ? 1 : 0);
        }
    }
    cluster.sync();
}

// A launch of `clusters` clusters of `clusterSize` blocks of one warp; `attribute` holds the
// cluster shape the configuration points at.
cudaLaunchConfig_t clusterLaunch(int clusterSize, int clusters, size_t smem, cudaLaunchAttribute& attribute) {
    cudaLaunchConfig_t config = {};
    config.gridDim = dim3(clusterSize * clusters);
    config.blockDim = dim3(32);
    config.dynamicSmemBytes = smem;
    attribute.id = cudaLaunchAttributeClusterDimension;
    attribute.val.clusterDim.x = clusterSize;
    attribute.val.clusterDim.y = 1;
    attribute.val.clusterDim.z = 1;
    config.attrs = &attribute;
    config.numAttrs = 1;
    return config;
}

template <typename... Args>
int launch(void (*kernel)(Args...), int clusterSize, int clusters, size_t smem, Args... args) {
    cudaLaunchAttribute attribute;
    const cudaLaunchConfig_t config = clusterLaunch(clusterSize, clusters, smem, attribute);
    return cudaLaunchKernelEx(&config, kernel, args...) == cudaSuccess;
}

int maxClusters(const void* kernel, int clusterSize, size_t smem) {
    cudaLaunchAttribute attribute;
    const cudaLaunchConfig_t config = clusterLaunch(clusterSize, 64, smem, attribute);
    int count = 0;
    if (cudaOccupancyMaxActiveClusters(&count, kernel, &config) != cudaSuccess) {
        cudaGetLastError();
        return 0;
    }
    return count;
}

int main(int argc, char** argv) {
    int launches = argc > 1 ? std::atoi(argv[1]) : 40;
    cudaDeviceProp prop;
    CHECK(cudaGetDeviceProperties(&prop, 0));
    std::printf("device %s sms %d smem_per_sm %zu\n", prop.name, prop.multiProcessorCount,
                prop.sharedMemPerMultiprocessor);
    // More than half an SM's shared memory: one block per SM.
    size_t smem = prop.sharedMemPerMultiprocessor / 2 + 4096;
    const void* kernels[2] = {(const void*)recordPlacement, (const void*)dsmemLatency};
    for (const void* k : kernels) {
        CHECK(cudaFuncSetAttribute(k, cudaFuncAttributeMaxDynamicSharedMemorySize, int(smem)));
        CHECK(cudaFuncSetAttribute(k, cudaFuncAttributeNonPortableClusterSizeAllowed, 1));
    }
    unsigned* smOfBlock;
    unsigned* cycles;
    CHECK(cudaMalloc(&smOfBlock, 4096 * sizeof(unsigned)));
    CHECK(cudaMalloc(&cycles, 4096 * sizeof(unsigned)));
    std::vector<unsigned> host(4096), hostCycles(4096);
    int largest = 1;
    for (int size = 1; size <= 16; ++size) {
        int clusters = maxClusters((const void*)recordPlacement, size, smem);
        std::printf("occupancy %d %d\n", size, clusters);
        if (clusters == 0) continue;
        largest = size;
        for (int l = 0; l < launches; ++l) {
            if (!launch(recordPlacement, size, clusters, smem, smOfBlock)) {
                std::printf("launch failed size %d: %s\n", size, cudaGetErrorString(cudaGetLastError()));
                break;
            }
            CHECK(cudaDeviceSynchronize());
            CHECK(cudaMemcpy(host.data(), smOfBlock, size * clusters * sizeof(unsigned), cudaMemcpyDeviceToHost));
            for (int c = 0; c < clusters; ++c) {
                std::printf("place %d %d %d", size, l, c);
                for (int b = 0; b < size; ++b) std::printf(" %u", host[c * size + b]);
                std::printf("\n");
            }
        }
    }
    for (int size : {2, largest}) {
        int clusters = maxClusters((const void*)dsmemLatency, size, smem);
        for (int l = 0; l < launches / 4 + 1 && clusters > 0; ++l) {
            if (!launch(dsmemLatency, size, clusters, smem, smOfBlock, cycles)) {
                std::printf("dsmem launch failed: %s\n", cudaGetErrorString(cudaGetLastError()));
                break;
            }
            CHECK(cudaDeviceSynchronize());
            CHECK(cudaMemcpy(host.data(), smOfBlock, size * clusters * sizeof(unsigned), cudaMemcpyDeviceToHost));
            CHECK(cudaMemcpy(hostCycles.data(), cycles, size * clusters * sizeof(unsigned), cudaMemcpyDeviceToHost));
            for (int c = 0; c < clusters; ++c)
                for (int r = 0; r < size; ++r)
                    std::printf("dsmem %u %u %u\n", host[c * size], host[c * size + r], hostCycles[c * size + r]);
        }
    }
    return 0;
}
