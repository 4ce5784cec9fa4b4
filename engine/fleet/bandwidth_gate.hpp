#pragma once
// Keeps the bandwidth benchmarks of GPUs that run concurrently from overlapping.
#include <memory>
#include <mutex>

#include "backend/forwarding_backend.hpp"

namespace ts::fleet {

// Passes every call on to `inner`; bandwidth() holds `gate` while it runs, so no two GPUs sharing
// the gate measure bandwidth at the same time. One gate per host: every GPU of a process shares
// the host's memory and PCIe/NVLink fabric, and the peer-link benchmarks run after all workers.
class GatedBackend : public ForwardingBackend {
public:
    GatedBackend(std::unique_ptr<Backend> inner, std::mutex& gate) : ForwardingBackend(std::move(inner)), gate_(gate) {}

    BandwidthResult bandwidth(const BandwidthRequest& request) override {
        std::lock_guard<std::mutex> hold(gate_);
        return ForwardingBackend::bandwidth(request);
    }

private:
    std::mutex& gate_;
};

}  // namespace ts::fleet
