#pragma once
#include <chrono>
#include <memory>

#include "backend/forwarding_backend.hpp"

namespace ts::gui {

// Passes every call on, waiting `delay` before each call that runs work on the device (chases,
// batches, address-sequence chases, eviction tests, bandwidth). The simulator answers a whole
// H100 plan in seconds; paced, it streams like a GPU does, which demos, screenshots and the
// responsiveness measurements need.
class PacedBackend : public ForwardingBackend {
public:
    PacedBackend(std::unique_ptr<Backend> inner, std::chrono::microseconds delay);

    ChaseResult chase(const ChaseRequest& request) override;
    std::vector<ChaseResult> chaseBatch(const std::vector<ChaseRequest>& requests) override;
    BandwidthResult bandwidth(const BandwidthRequest& request) override;
    ChaseResult chaseSequence(const SequenceChase& request) override;
    std::uint32_t evictionTest(const EvictionTest& test) override;

private:
    void wait() const;

    std::chrono::microseconds delay_;
};

}  // namespace ts::gui
