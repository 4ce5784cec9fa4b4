#include "fleet/device_run.hpp"

#include <chrono>
#include <mutex>
#include <thread>

#include "fleet/bandwidth_gate.hpp"
#include "fleet/member_identity.hpp"
#include "io/input_error.hpp"
#include "run/discovery_run.hpp"
#include "run/exit_status.hpp"

namespace ts::fleet {
namespace {

// Counts the bandwidth calls that went through the gate (for the report's notes and the tests).
class CountingGate : public GatedBackend {
public:
    using GatedBackend::GatedBackend;
    BandwidthResult bandwidth(const BandwidthRequest& request) override {
        ++calls;
        return GatedBackend::bandwidth(request);
    }
    std::size_t calls = 0;
};

void runOne(const DeviceJob& job, const DiscoveryOptions& options, Observer& observer, const CancelToken& cancel,
            std::mutex& gate, DeviceOutcome& out) {
    const auto start = std::chrono::steady_clock::now();
    Topology& topology = out.member.report;
    try {
        CountingGate backend(job.makeBackend(), gate);
        const DiscoveryOutcome run = runDiscoveryToOutcome(backend, options, observer, cancel, topology);
        out.ok = run.finished();
        out.error = run.ending == RunEnding::Cancelled ? "cancelled" : run.message;
        out.exitStatus = run.exitStatus();
        out.gatedBandwidthCalls = backend.calls;
    } catch (const std::exception& e) {  // the backend did not open (BackendError, InputError)
        out.error = e.what();
        out.exitStatus = kExitRunFailed;
    } catch (...) {
        out.error = "unknown failure";
        out.exitStatus = kExitRunFailed;
    }
    const GpuIdentity id = gpuIdentity(topology.device, out.member.rank, job.deviceIndex);
    out.member.uuid = id.uuid;
    out.member.uuidSynthetic = id.synthetic;
    out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace

std::vector<DeviceOutcome> runOnDevices(const std::vector<DeviceJob>& jobs, const DiscoveryOptions& options,
                                        const std::function<Observer&(std::size_t)>& observerFor,
                                        const CancelToken& cancel, const std::string& host, int rank) {
    std::vector<DeviceOutcome> outcomes(jobs.size());
    std::mutex gate;
    std::vector<std::thread> workers;
    for (std::size_t i = 0; i < jobs.size(); ++i) {
        outcomes[i].member.host = host;
        outcomes[i].member.rank = rank;
        outcomes[i].member.deviceIndex = jobs[i].deviceIndex;
        workers.emplace_back([&, i] { runOne(jobs[i], options, observerFor(i), cancel, gate, outcomes[i]); });
    }
    for (auto& w : workers) w.join();
    return outcomes;
}

}  // namespace ts::fleet
