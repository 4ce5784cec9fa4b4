#include "backend/device_backend.hpp"

#include <thread>

#include "backend/eviction_test.hpp"

namespace ts {

std::vector<ChaseResult> DeviceBackend::chaseBatch(const std::vector<ChaseRequest>& requests) {
    std::vector<ChaseResult> results;
    results.reserve(requests.size());
    for (const auto& request : requests) results.push_back(chase(request));
    return results;
}

ChaseResult DeviceBackend::chaseSequence(const SequenceChase&) {
    throw BackendError("the " + kind() + " backend does not run address-sequence chases");
}

std::uint32_t DeviceBackend::evictionTest(const EvictionTest& t) {
    const ChaseResult res = chaseSequence(evictionSequence(t));
    if (res.latencies.empty()) throw BackendError("eviction test: the sequence chase timed no load");
    return res.latencies.back();
}

ClusterPlacement DeviceBackend::clusterPlacement(const ClusterPlacementRequest&) {
    throw BackendError("the " + kind() + " backend launches no thread-block clusters");
}

void DeviceBackend::pause(std::chrono::milliseconds duration) { std::this_thread::sleep_for(duration); }

}  // namespace ts
