#include "paced_backend.hpp"

#include <thread>

namespace ts::gui {

PacedBackend::PacedBackend(std::unique_ptr<Backend> inner, std::chrono::microseconds delay)
    : inner_(std::move(inner)), delay_(delay) {}

void PacedBackend::pause() const { std::this_thread::sleep_for(delay_); }

ChaseResult PacedBackend::chase(const ChaseRequest& request) {
    pause();
    return inner_->chase(request);
}

std::vector<ChaseResult> PacedBackend::chaseBatch(const std::vector<ChaseRequest>& requests) {
    pause();
    return inner_->chaseBatch(requests);
}

BandwidthResult PacedBackend::bandwidth(const BandwidthRequest& request) {
    pause();
    return inner_->bandwidth(request);
}

}  // namespace ts::gui
