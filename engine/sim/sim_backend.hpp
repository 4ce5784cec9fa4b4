#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "backend/chase_limits.hpp"
#include "backend/device_backend.hpp"
#include "sim/bandwidth_model.hpp"
#include "sim/cache_hierarchy.hpp"
#include "sim/profile.hpp"

namespace ts {

// The simulated GPU: a cache-hierarchy simulator behind the Backend interface.
// Every chase() starts from empty caches; noise is seeded from the profile and a per-call
// counter, so the same sequence of calls on a fresh backend gives the same series.
class SimBackend : public DeviceBackend {
public:
    // Throws ProfileError if a profile built in code breaks the format's rules.
    explicit SimBackend(SimProfile profile);
    SimBackend(const SimBackend&) = delete;
    SimBackend& operator=(const SimBackend&) = delete;

    const SimProfile& profile() const { return profile_; }

    std::string kind() const override { return "sim"; }
    DeviceInfo queryDevice() override;
    bool supports(Space space) const override;
    std::uint64_t maxArrayBytes(Space space) const override;
    std::vector<std::uint32_t> measureTimerOverhead(int samples) override;
    ChaseResult chase(const ChaseRequest& request) override;
    BandwidthResult bandwidth(const BandwidthRequest& request) override;
    ChaseResult chaseSequence(const SequenceChase& request) override;  // sim_sequence.cpp
    // As the CUDA backend's block runs it, not as a chain: its walks have no visit limit
    // (sim_sequence.cpp).
    std::uint32_t evictionTest(const EvictionTest& test) override;
    // Translation walks get the address space a CUDA backend maps for them: one allocation
    // repeated (sim_sequence.cpp).
    TranslationWalkSpace translationWalkSpace(Space space) override;
    // As the profile's `compute.layout` places them (sim/sm_layout.hpp).
    ClusterPlacement clusterPlacement(const ClusterPlacementRequest& request) override;

private:
    std::uint64_t nextSeed();
    [[noreturn]] void reject(const std::string& problem) const;
    static ChaseLimits chaseLimits(const SimProfile& profile);
    void validate(const ChaseRequest& request) const;
    // `chain`: the request runs as a GPU pointer chain, with its visit limit per line.
    void validateSequence(const SequenceChase& request, bool chain);
    ChaseResult runSequence(const SequenceChase& request);

    SimProfile profile_;
    ChaseLimits limits_;
    sim_detail::CacheHierarchy hierarchy_;
    sim_detail::BandwidthModel bandwidth_;
    std::uint64_t calls_ = 0;
    std::uint64_t shownOnlyCalls_ = 0;  // chases for a plot only: a noise stream of their own
    std::uint64_t clusterCalls_ = 0;    // their own seeds: the chases' noise stays as it was
};

}  // namespace ts
