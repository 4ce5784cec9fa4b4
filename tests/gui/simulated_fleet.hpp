#pragma once
// A fleet of four simulated H100s for the fleet view tests: the built-in h100 profile run
// three times with different noise seeds, and once with its L2 shrunk from 50 to 40 MiB (the
// planted outlier). Each is a whole discovery run of the simulator (some 6 s each), done once per
// test binary; the first, the profile as it is (its own noise seed, 7), is ctest's
// simulated_run.h100.
#include <nlohmann/json.hpp>

#include <stdexcept>
#include <string>
#include <vector>

#include "fleet/fleet_report.hpp"
#include "sim/builtin_profiles.hpp"
#include "simulated_run_files.hpp"
#include "simulated_runs.hpp"

namespace ts::gui::test {

inline constexpr int kPlantedMember = 3;

inline nlohmann::json builtinProfileJson(std::string_view name) {
    for (const auto& p : builtinProfiles())
        if (p.name == name) return nlohmann::json::parse(p.text);
    throw std::runtime_error("no built-in profile " + std::string(name));
}

inline const std::vector<fleet::FleetMember>& simulatedFleet() {
    static const std::vector<fleet::FleetMember> members = [] {
        const nlohmann::json h100 = builtinProfileJson("h100");
        std::vector<fleet::FleetMember> out;
        for (int i = 0; i < 4; ++i) {
            nlohmann::json profile = h100;
            const int seed = h100["noise"]["seed"].get<int>() + i;
            profile["noise"]["seed"] = seed;
            if (i == kPlantedMember)
                for (auto& cache : profile["caches"])
                    if (cache["id"] == "l2") cache["size"] = cache["size"].get<std::uint64_t>() / 5 * 4;
            fleet::FleetMember m;
            m.host = "node" + std::to_string(i / 2 + 1);
            m.rank = i;
            m.deviceIndex = i % 2;
            m.uuid = "SIM-fleet-test-" + std::to_string(i);
            m.uuidSynthetic = true;
            m.report = profile == h100 ? ts::test::simulatedRunReport("h100")
                                       : ts::test::simulate(parseProfile(profile.dump(), "h100 seed " + std::to_string(seed)));
            out.push_back(std::move(m));
        }
        return out;
    }();
    return members;
}

}  // namespace ts::gui::test
