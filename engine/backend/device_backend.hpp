#pragma once
#include "backend/backend.hpp"

namespace ts {

// What a device backend (the simulator, CUDA, HIP, a test's stand-in) answers to the optional
// calls unless it says otherwise. Wrappers of another backend derive from ForwardingBackend
// instead: these answers would hide the inner backend's.
class DeviceBackend : public Backend {
public:
    // One chase after another.
    std::vector<ChaseResult> chaseBatch(const std::vector<ChaseRequest>& requests) override;
    // Throws a BackendError: not every backend runs address lists.
    ChaseResult chaseSequence(const SequenceChase& request) override;
    // The sequence array, no period.
    TranslationWalkSpace translationWalkSpace(Space space) override { return {maxSequenceBytes(space), 0}; }
    // A sequence chase that visits the pool one line after another.
    std::uint32_t evictionTest(const EvictionTest& test) override;
    std::uint64_t maxEvictionSearchLines() const override { return 1u << 17; }
    void releaseSequenceMemory() override {}
    // Throws a BackendError: thread-block clusters are NVIDIA's, from sm_90 on.
    ClusterPlacement clusterPlacement(const ClusterPlacementRequest& request) override;
    // Unknown (known = false).
    GpuActivity activity() override { return {}; }
    // A real sleep.
    void pause(std::chrono::milliseconds duration) override;

protected:
    // Largest array an address-sequence chase may span in `space` (its offsets are 64-bit): GPU
    // backends bound it by the free device memory; by default maxArrayBytes. Only the backend
    // itself asks (for its translation walks), so it is no Backend call.
    virtual std::uint64_t maxSequenceBytes(Space space) { return maxArrayBytes(space); }
};

}  // namespace ts
