#include "paced_backend.hpp"

#include <algorithm>
#include <thread>

namespace ts::gui {

PacedBackend::PacedBackend(std::unique_ptr<Backend> inner, std::chrono::microseconds interval,
                           std::chrono::milliseconds budget)
    : ForwardingBackend(std::move(inner)), interval_(interval), budget_(budget) {}

void PacedBackend::newBenchmark() { waited_ = std::chrono::microseconds{0}; }

void PacedBackend::wait() {
    const auto sinceLast = std::chrono::duration_cast<std::chrono::microseconds>(Clock::now() - lastCall_);
    const auto wanted = std::min(interval_ - sinceLast, budget_ - waited_);
    if (wanted.count() > 0) {
        std::this_thread::sleep_for(wanted);
        waited_ += wanted;
    }
    lastCall_ = Clock::now();
}

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

void PaceEachBenchmark::onProgress(const ProgressEvent& event) {
    if (event.done == done_) return;
    done_ = event.done;
    pacer_.newBenchmark();
}

}  // namespace ts::gui
