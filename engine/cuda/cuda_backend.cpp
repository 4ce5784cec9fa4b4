#include "cuda/cuda_backend.hpp"

#include <chrono>

#include <cuda_runtime_api.h>

#include "backend/device_backend.hpp"
#include "cuda/bandwidth.hpp"
#include "cuda/chase_launcher.hpp"
#include "cuda/cluster_placer.hpp"
#include "cuda/device_query.hpp"
#include "cuda/gpu_context.hpp"
#include "cuda/nvml_processes.hpp"
#include "cuda/eviction_tester.hpp"
#include "cuda/sequence_chase.hpp"

namespace ts {
namespace cuda {
namespace {

class CudaBackend final : public DeviceBackend {
public:
    explicit CudaBackend(int device) : ctx_(device), chaser_(ctx_), bandwidth_(ctx_, chaser_) {
        lastNvml_ = std::chrono::steady_clock::now();
    }

    std::string kind() const override { return "cuda"; }

    DeviceInfo queryDevice() override {
        ctx_.enter();
        // NVML's current clocks move with load; re-read them at most once a second.
        const auto now = std::chrono::steady_clock::now();
        if (now - lastNvml_ > std::chrono::seconds(1)) {
            refreshNvml(ctx_.device(), ctx_.info());
            lastNvml_ = now;
        }
        return ctx_.info();
    }

    bool supports(Space space) const override { return chaser_.supports(space); }
    std::uint64_t maxArrayBytes(Space space) const override { return chaser_.maxArrayBytes(space); }
    std::vector<std::uint32_t> measureTimerOverhead(int samples) override { return chaser_.timerOverhead(samples); }
    ChaseResult chase(const ChaseRequest& request) override { return chaser_.run({request}).front(); }
    std::vector<ChaseResult> chaseBatch(const std::vector<ChaseRequest>& requests) override {
        if (requests.empty()) return {};
        return chaser_.run(requests);
    }
    BandwidthResult bandwidth(const BandwidthRequest& request) override { return bandwidth_.run(request); }
    ChaseResult chaseSequence(const SequenceChase& request) override { return sequence_.run(request); }
    // The block-loaded pool makes a search of an L2 of 200 000 lines and more affordable.
    std::uint32_t evictionTest(const EvictionTest& test) override { return eviction_.run(test); }
    std::uint64_t maxEvictionSearchLines() const override { return 1u << 20; }
    void releaseSequenceMemory() override { sequence_.releaseArray(); }
    ClusterPlacement clusterPlacement(const ClusterPlacementRequest& request) override { return clusters_.run(request); }
    std::uint64_t maxSequenceBytes(Space space) override {
        return chaser_.maxArrayBytes(space) == 0 ? 0 : sequence_.maxArrayBytes();
    }
    TranslationWalkSpace translationWalkSpace(Space space) override {
        return chaser_.maxArrayBytes(space) == 0 ? TranslationWalkSpace{} : sequence_.translationWalkSpace();
    }
    GpuActivity activity() override {
        const auto& extra = ctx_.info().extra;
        const auto field = [&](const char* k) { return extra.count(k) ? extra.at(k) : std::string{}; };
        return readNvmlActivity(field("uuid"), field("pci_bus_id"));
    }

    const CudaLaunchStats& stats() const { return ctx_.stats(); }

private:
    GpuContext ctx_;
    ChaseLauncher chaser_;
    BandwidthRunner bandwidth_;
    SequenceChaser sequence_{ctx_};
    EvictionTester eviction_{ctx_, sequence_.array()};
    ClusterPlacer clusters_{ctx_};
    std::chrono::steady_clock::time_point lastNvml_;
};

}  // namespace
}  // namespace cuda

std::unique_ptr<Backend> makeCudaBackend(int device) { return std::make_unique<cuda::CudaBackend>(device); }

int cudaDeviceCount() {
    try {
        int count = 0;
        if (cudaGetDeviceCount(&count) != cudaSuccess) {
            (void)cudaGetLastError();
            return 0;
        }
        return count;
    } catch (...) {
        return 0;
    }
}

std::optional<CudaLaunchStats> cudaLaunchStats(const Backend& backend) {
    if (const auto* cuda = dynamic_cast<const cuda::CudaBackend*>(&backend)) return cuda->stats();
    return std::nullopt;
}

}  // namespace ts
