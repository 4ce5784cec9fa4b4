#pragma once
// A Backend wrapper that makes the device misbehave on purpose: out of memory, a kernel
// fault, a lost device, a watchdog timeout, another process loading the GPU. It lets the
// engine's fault handling be tested on the simulator (faults and their texts: docs/faults.md).
#include <memory>
#include <string>
#include <vector>

#include "backend/forwarding_backend.hpp"
#include "backend/fault_spec.hpp"

namespace ts {

// Faults whose call group this backend never serves (`scalar` on an NVIDIA GPU, which has no
// scalar cache): a sentence naming each, empty when every fault can meet a call.
std::string unreachableFaults(const std::vector<Fault>& faults, const Backend& backend);

class FaultInjectingBackend : public ForwardingBackend {
public:
    // Creation faults (no-gpu, old-driver) throw BackendError here, as creating the real
    // backend would.
    FaultInjectingBackend(std::unique_ptr<Backend> inner, std::vector<Fault> faults);
    FaultInjectingBackend(Backend& inner, std::vector<Fault> faults);

    DeviceInfo queryDevice() override;  // the inner device, the faults named in extra["injectedFaults"]
    std::vector<std::uint32_t> measureTimerOverhead(int samples) override;
    ChaseResult chase(const ChaseRequest& request) override;
    std::vector<ChaseResult> chaseBatch(const std::vector<ChaseRequest>& requests) override;
    BandwidthResult bandwidth(const BandwidthRequest& request) override;
    // Address-sequence chases, eviction tests and the limits pass through untouched (no fault
    // applies to them yet).

    // The inner backend's view, plus the injected neighbours' processes (names end in
    // "[injected]"); `blind`: the list is unavailable.
    GpuActivity activity() override;
    // With a neighbour injected, no real sleep: its on/off phase moves on by one call per
    // millisecond (the neighbour's calls are its clock). Without one, the inner backend waits.
    void pause(std::chrono::milliseconds duration) override;

    bool deviceLost() const { return !lost_.empty(); }
    // The faults (as written in the spec) that no device call met, in spec order.
    std::vector<std::string> neverFired() const;

    // One time slice of another context: ~2.4 ms at 2 GHz, as measured beside a busy neighbour.
    static constexpr std::uint32_t kSliceCycles = 4'800'000;
    // A chase of more loads than this outlasts a slice (at a few hundred cycles a load).
    static constexpr std::uint64_t kLongChaseLoads = 16'384;

private:
    struct Armed {
        Fault fault;
        std::uint64_t seen = 0;  // calls of the fault's group so far
        bool fired = false;
    };

    // What a neighbour did to one call: slowed it, or took a time slice during its warm-up
    // or its timed pass.
    enum class Slice { None, Evict, Warmup, Timed };
    struct Effect {
        double factor = 1;
        Slice slice = Slice::None;
    };

    // Counts the call against every fault, then throws if one hits it; else returns what the
    // injected neighbours do to it. `loads`: the call's length (a long chase spans a time slice).
    void arm(std::vector<Fault> faults);
    Effect admit(const std::string& group, std::uint64_t bytes, const std::string& what, std::uint64_t loads = 0);
    void slowDown(ChaseResult& result, double factor);
    static std::uint64_t loadsOf(const ChaseRequest& r);
    ChaseResult chaseWith(const ChaseRequest& request, const Effect& effect);

    std::vector<Armed> faults_;
    std::uint64_t l2Bytes_ = 0;
    std::uint64_t calls_ = 0;
    std::string lost_;  // why the device is gone; empty while it works
};

}  // namespace ts
