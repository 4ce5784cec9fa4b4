#pragma once
// A simulated run of the small NVIDIA test GPU recorded into a session file.
#include <filesystem>
#include <set>
#include <string>

#include "benchmarks/discovery.hpp"
#include "io/session_recorder.hpp"
#include "sim/sim_backend.hpp"
#include "sim_test_profiles.hpp"

namespace ts::test {

// Runs `groups` while recording into `file`, closes the session as finished; returns the live topology.
inline Topology recordRun(const std::filesystem::path& file, const std::set<std::string>& groups) {
    SimBackend backend(parseTestProfile(nvidiaTestProfile()));
    Observer silent;
    CancelToken cancel;
    Topology live;
    SessionRecorder recorder(file.string(), silent, &live);
    DiscoveryOptions options;
    options.groups = groups;
    runDiscovery(backend, options, recorder, cancel, live);
    recorder.close("finished");
    return live;
}

}  // namespace ts::test
