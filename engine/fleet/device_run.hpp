#pragma once
// Runs the discovery suite on several GPUs of one host at once: one worker thread per GPU,
// bandwidth benchmarks serialised across them (bandwidth_gate.hpp).
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "backend/backend.hpp"
#include "benchmarks/discovery.hpp"
#include "events/observer.hpp"
#include "fleet/fleet_report.hpp"

namespace ts::fleet {

struct DeviceJob {
    int deviceIndex = 0;
    std::string label;                                   // "cuda 1", "sim 0 (h100)"
    std::function<std::unique_ptr<Backend>()> makeBackend;  // called on the worker's own thread
};

struct DeviceOutcome {
    FleetMember member;           // host, rank, index, uuid and the report (what was measured)
    bool ok = false;              // false: the backend could not open, the run failed, was refused or cancelled
    std::string error;
    int exitStatus = 0;           // as a single run's (run/exit_status.hpp); a backend that did not open: 1
    double seconds = 0;
    std::size_t gatedBandwidthCalls = 0;
};

// `observerFor(i)` gives job i's observer (called on the worker thread; must be thread-safe
// against the other workers' observers). A failure of one GPU does not stop the others.
std::vector<DeviceOutcome> runOnDevices(const std::vector<DeviceJob>& jobs, const DiscoveryOptions& options,
                                        const std::function<Observer&(std::size_t)>& observerFor,
                                        const CancelToken& cancel, const std::string& host, int rank);

}  // namespace ts::fleet
