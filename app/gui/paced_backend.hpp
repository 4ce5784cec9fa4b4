#pragma once
#include <chrono>
#include <memory>

#include "backend/backend.hpp"

namespace ts::gui {

// Wraps a backend and waits `delay` before every chase, batch and bandwidth call. The
// simulator answers a whole H100 plan in about two seconds; paced, it streams like a GPU
// does, which demos, screenshots and the responsiveness measurements need.
class PacedBackend : public Backend {
public:
    PacedBackend(std::unique_ptr<Backend> inner, std::chrono::microseconds delay);

    std::string kind() const override { return inner_->kind(); }
    DeviceInfo queryDevice() override { return inner_->queryDevice(); }
    bool supports(Space space) const override { return inner_->supports(space); }
    std::uint64_t maxArrayBytes(Space space) const override { return inner_->maxArrayBytes(space); }
    std::vector<std::uint32_t> measureTimerOverhead(int samples) override {
        return inner_->measureTimerOverhead(samples);
    }
    ChaseResult chase(const ChaseRequest& request) override;
    std::vector<ChaseResult> chaseBatch(const std::vector<ChaseRequest>& requests) override;
    BandwidthResult bandwidth(const BandwidthRequest& request) override;

private:
    void pause() const;

    std::unique_ptr<Backend> inner_;
    std::chrono::microseconds delay_;
};

}  // namespace ts::gui
