#pragma once
// Keeps the bandwidth benchmarks of GPUs that run concurrently from overlapping.
#include <memory>
#include <mutex>

#include "backend/backend.hpp"

namespace ts::fleet {

// Forwards everything to `inner`; bandwidth() holds `gate` while it runs, so no two GPUs sharing
// the gate measure bandwidth at the same time. One gate per host: every GPU of a process shares
// the host's memory and PCIe/NVLink fabric, and the peer-link benchmarks run after all workers.
class GatedBackend : public Backend {
public:
    GatedBackend(std::unique_ptr<Backend> inner, std::mutex& gate) : inner_(std::move(inner)), gate_(gate) {}

    Backend& inner() { return *inner_; }
    std::string kind() const override { return inner_->kind(); }
    DeviceInfo queryDevice() override { return inner_->queryDevice(); }
    bool supports(Space space) const override { return inner_->supports(space); }
    std::uint64_t maxArrayBytes(Space space) const override { return inner_->maxArrayBytes(space); }
    std::vector<std::uint32_t> measureTimerOverhead(int samples) override { return inner_->measureTimerOverhead(samples); }
    ChaseResult chase(const ChaseRequest& request) override { return inner_->chase(request); }
    std::vector<ChaseResult> chaseBatch(const std::vector<ChaseRequest>& requests) override {
        return inner_->chaseBatch(requests);
    }
    BandwidthResult bandwidth(const BandwidthRequest& request) override {
        std::lock_guard<std::mutex> hold(gate_);
        return inner_->bandwidth(request);
    }

private:
    std::unique_ptr<Backend> inner_;
    std::mutex& gate_;
};

}  // namespace ts::fleet
