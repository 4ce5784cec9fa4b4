#pragma once
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "backend/backend.hpp"
#include "benchmarks/benchmark_groups.hpp"
#include "events/observer.hpp"
#include "model/topology.hpp"

namespace ts {

constexpr std::uint64_t kDefaultTlbWalkBytes = 16ull << 30;

struct DiscoveryOptions {
    std::set<std::string> groups;  // empty: every group
    // The groups a person named (--only, --with), where `groups` holds more (the default run that
    // --with joins): only these are warned about when the GPU has no such thing. Empty: all of `groups`.
    std::set<std::string> named;
    // Caches to measure within the selected groups; empty: all of them. A cache another one
    // depends on (the cache in front of it) is measured as well.
    std::set<Element> elements;
    // A shared GPU (docs/faults.md): wait up to this long for other processes to go before
    // measuring (then measure anyway and warn); 0: do not wait.
    double waitForIdleSeconds = 0;
    // Refuse to measure on a shared GPU: runDiscovery throws SharedGpuRefused (before the run,
    // or after the benchmark during which another process showed up).
    bool exclusive = false;
    // How far the TLB walks may span (they allocate it): the default leaves the memory as the
    // next process would find it; the H100's and H200's last level reaches about 68 GiB, which
    // only a wider walk shows (docs/methods.md, "TLB levels").
    std::uint64_t tlbWalkBytes = kDefaultTlbWalkBytes;
};

class SharedGpuRefused : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// Runs the benchmark plan for the selected groups in dependency order. Benchmarks that
// fail are reported as warnings and the run goes on; a cancel throws Cancelled with the
// topology holding everything finished so far.
void runDiscovery(Backend& backend, const DiscoveryOptions& options, Observer& observer, const CancelToken& cancel,
                  Topology& topology);

}  // namespace ts
