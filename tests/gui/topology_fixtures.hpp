#pragma once
// Topologies for the diagram tests: a simulator run of a shipped profile, or MT4G's MI210 report.
#include <algorithm>
#include <set>
#include <string>

#include "benchmarks/discovery.hpp"
#include "program_support/backend_factory.hpp"
#include "io/mt4g_json_read.hpp"
#include "sim/profile.hpp"
#include "sim/sim_backend.hpp"

namespace ts::gui::test {

inline Topology simulate(const std::string& profile, const std::set<std::string>& groups = {}) {
    std::vector<std::string> notes;
    std::unique_ptr<Backend> backend = app::makeBackend({"sim", 0, profile}, notes);
    Observer observer;
    CancelToken cancel;
    Topology topology;
    DiscoveryOptions options;
    options.groups = groups;
    runDiscovery(*backend, options, observer, cancel, topology);
    return topology;
}

// A shipped profile without its last-level (Infinity) cache: the simulated MI300X spends some 40 s
// on its size alone and 15 s on its ways, and no scene test looks at it.
inline Topology simulateWithoutL3(const std::string& profile, const std::set<std::string>& groups) {
    SimProfile p = loadProfile(profile);
    std::erase_if(p.caches, [](const SimCache& c) { return c.id == "infinity_cache"; });
    SimBackend backend(p);
    Observer observer;
    CancelToken cancel;
    Topology topology;
    DiscoveryOptions options;
    options.groups = groups;
    runDiscovery(backend, options, observer, cancel, topology);
    return topology;
}

inline Topology mi210Mt4g() { return readMt4gJsonFile(TOPOSCOPE_TEST_DATA "/mt4g/AMD Instinct MI210.json"); }

}  // namespace ts::gui::test
