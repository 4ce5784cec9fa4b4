#include "cuda/cluster_placer.hpp"

#include <string>

#include "cluster_abi.hpp"
#include "cuda/cuda_error.hpp"

namespace ts::cuda {
namespace {

// An error of the cluster API that leaves the context usable (no cluster support, a shape the
// device refuses): cleared, and reported as this primitive's failure only.
[[noreturn]] void refuse(cudaError_t error, const std::string& what) {
    (void)cudaGetLastError();
    throw BackendError(std::string("thread-block clusters: ") + what + ": " + cudaGetErrorString(error));
}

}  // namespace

ClusterPlacement ClusterPlacer::run(const ClusterPlacementRequest& request) {
    ctx_.enter();
    int major = 0;
    check(cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, ctx_.device()), "asking the compute capability");
    if (major < 9) throw BackendError("thread-block clusters: compute capability " + std::to_string(major) + ".x has none (sm_90 and later)");
    // The largest block's shared memory: more than half an SM's, so one block per SM.
    const std::size_t shared = ctx_.limits().sharedOptinBytes;
    ClusterPlacement out;
    if (const cudaError_t e = cudak::clusterOccupancy(request.clusterSize, shared, &out.maxActiveClusters); e != cudaSuccess) {
        (void)cudaGetLastError();
        out.maxActiveClusters = 0;  // a size this device does not allow (above 16, or 9-16 refused)
        return out;
    }
    if (out.maxActiveClusters == 0) return out;
    const std::size_t blocks = static_cast<std::size_t>(request.clusterSize) * static_cast<std::size_t>(out.maxActiveClusters);
    out_.reserve(blocks * sizeof(std::uint32_t), 4096, "cluster placement");
    hostOut_.reserve(blocks * sizeof(std::uint32_t), "cluster placement");
    const cudaStream_t stream = ctx_.mainStream();
    const auto* sms = reinterpret_cast<const std::uint32_t*>(hostOut_.data());
    for (int launch = 0; launch < request.launches; ++launch) {
        if (const cudaError_t e = cudak::launchClusterPlacement(request.clusterSize, out.maxActiveClusters, shared,
                                                                reinterpret_cast<std::uint32_t*>(out_.data()), stream);
            e != cudaSuccess)
            refuse(e, "launching clusters of " + std::to_string(request.clusterSize));
        check(cudaMemcpyAsync(hostOut_.data(), out_.data(), blocks * sizeof(std::uint32_t), cudaMemcpyDeviceToHost, stream),
              "reading where clusters ran");
        check(cudaEventRecord(ctx_.doneEvent(), stream), "recording an event");
        waitForEvent(ctx_.doneEvent(), 10.0, "cluster placement");
        for (int c = 0; c < out.maxActiveClusters; ++c) {
            PlacedCluster placed{launch, {}};
            for (int b = 0; b < request.clusterSize; ++b)
                placed.units.push_back(static_cast<int>(sms[static_cast<std::size_t>(c * request.clusterSize + b)]));
            out.clusters.push_back(std::move(placed));
        }
    }
    return out;
}

}  // namespace ts::cuda
