#pragma once
// A Backend decorator that makes the device misbehave on purpose: out of memory, a kernel
// fault, a lost device, a watchdog timeout, another process loading the GPU. It lets the
// engine's fault handling be tested on the simulator (faults and their texts: docs/faults.md).
#include <memory>
#include <string>
#include <vector>

#include "backend/backend.hpp"
#include "backend/fault_spec.hpp"

namespace ts {

// Faults whose call group this backend never serves (`scalar` on an NVIDIA GPU, which has no
// scalar cache): a sentence naming each, empty when every fault can meet a call.
std::string unreachableFaults(const std::vector<Fault>& faults, const Backend& backend);

class FaultInjectingBackend : public Backend {
public:
    // Creation faults (no-gpu, old-driver) throw BackendError here, as creating the real
    // backend would.
    FaultInjectingBackend(std::unique_ptr<Backend> inner, std::vector<Fault> faults);
    FaultInjectingBackend(Backend& inner, std::vector<Fault> faults);

    std::string kind() const override { return inner_.kind(); }
    DeviceInfo queryDevice() override;  // the inner device, the faults named in extra["injectedFaults"]
    bool supports(Space space) const override { return inner_.supports(space); }
    std::uint64_t maxArrayBytes(Space space) const override { return inner_.maxArrayBytes(space); }
    std::vector<std::uint32_t> measureTimerOverhead(int samples) override;
    ChaseResult chase(const ChaseRequest& request) override;
    std::vector<ChaseResult> chaseBatch(const std::vector<ChaseRequest>& requests) override;
    BandwidthResult bandwidth(const BandwidthRequest& request) override;

    bool deviceLost() const { return !lost_.empty(); }
    // The faults (as written in the spec) that no device call met, in spec order.
    std::vector<std::string> neverFired() const;

private:
    struct Armed {
        Fault fault;
        std::uint64_t seen = 0;  // calls of the fault's group so far
        bool fired = false;
    };

    // Counts the call against every fault, then throws if one hits it; else returns the
    // interference factor for it (1: undisturbed).
    double admit(const std::string& group, std::uint64_t bytes, const std::string& what);
    void slowDown(ChaseResult& result, double factor);

    std::unique_ptr<Backend> owned_;
    Backend& inner_;
    std::vector<Armed> faults_;
    std::uint64_t l2Bytes_ = 0;
    std::uint64_t calls_ = 0;
    std::string lost_;  // why the device is gone; empty while it works
};

}  // namespace ts
