#pragma once
// The base of every Backend wrapper (pacing, the fleet's bandwidth gate, fault injection): it
// passes every call on to the inner backend, so a wrapper overrides only what it is for and
// loses nothing else. Backend's calls are all pure: one added there and not passed on here
// leaves this class abstract, and forwarding_backend.cpp stops building.
#include <memory>

#include "backend/backend.hpp"

namespace ts {

class ForwardingBackend : public Backend {
public:
    explicit ForwardingBackend(std::unique_ptr<Backend> inner);
    explicit ForwardingBackend(Backend& inner);  // not owned: it outlives the wrapper

    Backend& inner() { return inner_; }
    const Backend& inner() const { return inner_; }

    std::string kind() const override { return inner_.kind(); }
    DeviceInfo queryDevice() override { return inner_.queryDevice(); }
    bool supports(Space space) const override { return inner_.supports(space); }
    std::uint64_t maxArrayBytes(Space space) const override { return inner_.maxArrayBytes(space); }
    std::vector<std::uint32_t> measureTimerOverhead(int samples) override { return inner_.measureTimerOverhead(samples); }
    ChaseResult chase(const ChaseRequest& request) override { return inner_.chase(request); }
    std::vector<ChaseResult> chaseBatch(const std::vector<ChaseRequest>& requests) override {
        return inner_.chaseBatch(requests);
    }
    BandwidthResult bandwidth(const BandwidthRequest& request) override { return inner_.bandwidth(request); }
    ChaseResult chaseSequence(const SequenceChase& request) override { return inner_.chaseSequence(request); }
    TranslationWalkSpace translationWalkSpace(Space space) override { return inner_.translationWalkSpace(space); }
    std::uint32_t evictionTest(const EvictionTest& test) override { return inner_.evictionTest(test); }
    std::uint64_t maxEvictionSearchLines() const override { return inner_.maxEvictionSearchLines(); }
    void releaseSequenceMemory() override { inner_.releaseSequenceMemory(); }
    ClusterPlacement clusterPlacement(const ClusterPlacementRequest& request) override {
        return inner_.clusterPlacement(request);
    }
    GpuActivity activity() override { return inner_.activity(); }
    void pause(std::chrono::milliseconds duration) override { inner_.pause(duration); }

private:
    std::unique_ptr<Backend> owned_;
    Backend& inner_;
};

}  // namespace ts
