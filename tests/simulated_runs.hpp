#pragma once
// The tests' one way to simulate a discovery: the plan `toposcope-cli --backend sim --only GROUPS`
// runs, on a profile or a backend, with no observer but the one a test passes. A built-in profile's
// discovery that tests only read is simulated once per test binary and shared
// (`sharedSimulation`); a test that changes what it gets takes a copy.
#include <algorithm>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <utility>

#include "benchmarks/discovery.hpp"
#include "sim/profile.hpp"
#include "sim/sim_backend.hpp"

namespace ts::test {

using Groups = std::set<std::string>;

// The observer sees every event (a silent one when null).
inline Topology discoverOn(Backend& backend, const DiscoveryOptions& options, Observer* observer = nullptr) {
    Observer silent;
    CancelToken cancel;
    Topology topology;
    runDiscovery(backend, options, observer ? *observer : silent, cancel, topology);
    return topology;
}

// `groups` empty: the default suite.
inline Topology discoverOn(Backend& backend, const Groups& groups = {}, Observer* observer = nullptr) {
    DiscoveryOptions options;
    options.groups = groups;
    return discoverOn(backend, options, observer);
}

inline Topology simulate(const SimProfile& profile, const Groups& groups = {}, Observer* observer = nullptr) {
    SimBackend backend(profile);
    return discoverOn(backend, groups, observer);
}

// The discovery `make` simulates, made the first time `key` is asked for in this process and
// kept until it exits; tests running on several threads get the same one. One cache for every
// caller (a function, not a template: a template's statics would be one cache per call site).
inline const Topology& sharedSimulation(const std::string& key, const std::function<Topology()>& make) {
    static std::mutex guard;
    static std::map<std::string, std::unique_ptr<const Topology>> made;
    const std::lock_guard lock(guard);
    auto& slot = made[key];
    if (!slot) slot = std::make_unique<const Topology>(make());
    return *slot;
}

// A built-in profile (resources/profiles: "h100", "mi300x", …) with `groups`, simulated once per test binary.
inline const Topology& sharedSimulation(const std::string& builtinProfile, const Groups& groups = {}) {
    std::string key = builtinProfile + " --only";
    for (const auto& g : groups) key += " " + g;
    return sharedSimulation(key, [&] { return simulate(loadProfile(builtinProfile), groups); });
}

// Does any of the run's warnings contain `part`?
inline bool anyWarningHas(const Topology& t, const std::string& part) {
    return std::any_of(t.warnings.begin(), t.warnings.end(), [&](const std::string& w) { return w.find(part) != std::string::npos; });
}

}  // namespace ts::test
