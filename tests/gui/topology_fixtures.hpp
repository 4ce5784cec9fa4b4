#pragma once
// Topologies for the diagram tests: a simulator run of a shipped profile (shared by every test of
// the binary that asks for the same one; a whole default suite is the report ctest's
// simulated_run.<profile> wrote once for every test binary), or MT4G's MI210 report.
#include <algorithm>
#include <set>
#include <string>

#include "io/mt4g_json_read.hpp"
#include "sim/profile.hpp"
#include "simulated_run_files.hpp"
#include "simulated_runs.hpp"

namespace ts::gui::test {

// A shipped profile's discovery of `groups` (empty: the whole default suite).
inline const Topology& simulate(const std::string& profile, const std::set<std::string>& groups = {}) {
    if (groups.empty())
        return ts::test::sharedSimulation(profile + " as simulated_run wrote it",
                                          [&] { return ts::test::simulatedRunReport(profile); });
    return ts::test::sharedSimulation(profile, groups);
}

// A shipped profile without its last-level (Infinity) cache: the simulated MI300X spends some 40 s
// on its size alone and 15 s on its ways, and no scene test looks at it.
inline const Topology& simulateWithoutL3(const std::string& profile, const std::set<std::string>& groups) {
    std::string key = profile + " without its Infinity Cache --only";
    for (const auto& g : groups) key += " " + g;
    return ts::test::sharedSimulation(key, [&] {
        SimProfile p = loadProfile(profile);
        std::erase_if(p.caches, [](const SimCache& c) { return c.id == "infinity_cache"; });
        return ts::test::simulate(p, groups);
    });
}

inline Topology mi210Mt4g() { return readMt4gJsonFile(TOPOSCOPE_TEST_DATA "/mt4g/AMD Instinct MI210.json"); }

}  // namespace ts::gui::test
