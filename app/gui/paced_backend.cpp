#include "paced_backend.hpp"

#include <thread>

namespace ts::gui {

PacedBackend::PacedBackend(std::unique_ptr<Backend> inner, std::chrono::microseconds delay)
    : ForwardingBackend(std::move(inner)), delay_(delay) {}

void PacedBackend::wait() const { std::this_thread::sleep_for(delay_); }

ChaseResult PacedBackend::chase(const ChaseRequest& request) {
    wait();
    return ForwardingBackend::chase(request);
}

std::vector<ChaseResult> PacedBackend::chaseBatch(const std::vector<ChaseRequest>& requests) {
    wait();
    return ForwardingBackend::chaseBatch(requests);
}

BandwidthResult PacedBackend::bandwidth(const BandwidthRequest& request) {
    wait();
    return ForwardingBackend::bandwidth(request);
}

ChaseResult PacedBackend::chaseSequence(const SequenceChase& request) {
    wait();
    return ForwardingBackend::chaseSequence(request);
}

std::uint32_t PacedBackend::evictionTest(const EvictionTest& test) {
    wait();
    return ForwardingBackend::evictionTest(test);
}

}  // namespace ts::gui
