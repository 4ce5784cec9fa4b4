#pragma once
// Every way to run gives the same answers (issue 35): the groups each front end runs on each
// built-in profile, and the attribute-by-attribute comparison of its report with the plain run's.
#include <nlohmann/json.hpp>

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "backend/device_backend.hpp"
#include "benchmarks/discovery.hpp"
#include "io/report_json.hpp"
#include "model/topology.hpp"
#include "run/discovery_run.hpp"
#include "run/run_flags.hpp"
#include "sim/profile.hpp"
#include "sim/sim_backend.hpp"

namespace ts::test {

// Every profile resources/profiles builds in.
inline const std::vector<std::string>& builtinProfileNames() {
    static const std::vector<std::string> names{"h100", "h100-mig", "h200", "a100", "rtx3090", "mi210", "mi300x"};
    return names;
}

// A profile's name as a test's name: "h100-mig" -> "h100_mig".
inline std::string profileTestName(std::string profile) {
    for (char& c : profile)
        if (c == '-') c = '_';
    return profile;
}

// The groups the front-end tests run: over the built-in profiles they make every Backend call but
// pause (only a shared GPU's back-off pauses; the neighbour case makes it), the associativity
// searches and the TLB walks included. The H100 adds the L2 (the case: its set structure
// and random lines, 5 of the run's 11 s) and the MI210 its 16-way L2 (the eviction-set search);
// the others leave it out for time (the MI300X's Infinity Cache alone takes a minute and a half).
// The AMD ones add the scalar caches.
inline std::string agreementGroups(const std::string& profile) {
    if (profile == "h100") return "l1,l2,memory,bandwidth";
    if (profile == "mi210") return "l1,l2,scalar,memory,bandwidth";
    if (profile == "mi300x") return "l1,scalar,memory,bandwidth";
    return "l1,memory,bandwidth";
}

// The report as every front end writes it, then read back: the comparison sees what a file holds.
inline nlohmann::json reportAsWritten(const Topology& topology) {
    return reportToJson(reportFromJson(reportToJson(topology), "in memory"));
}

// What the plain run (toposcope-cli --backend sim --profile P --only G) measures, in this process;
// `wrap` puts wrappers around the simulator.
inline Topology simRun(const std::string& profile, const std::string& groups,
                       const std::function<std::unique_ptr<Backend>(std::unique_ptr<Backend>)>& wrap = {}) {
    std::unique_ptr<Backend> backend = std::make_unique<SimBackend>(loadProfile(profile));
    if (wrap) backend = wrap(std::move(backend));
    RunFlags flags;
    flags.only = groups;
    Topology topology;
    Observer quiet;
    CancelToken cancel;
    runDiscoveryToOutcome(*backend, discoveryOptions(flags), quiet, cancel, topology);
    return topology;
}

// One line per attribute that differs (value, confidence, reason, method, bounds, lists, stats),
// is missing or is extra; empty when the two reports agree.
inline std::vector<std::string> reportDifferences(const nlohmann::json& expected, const nlohmann::json& actual) {
    auto index = [](const nlohmann::json& report) {
        std::map<std::string, nlohmann::json> out;
        for (const auto& element : report.at("elements"))
            for (const auto& a : element.at("attributes"))
                out[element.at("id").get<std::string>() + " " + a.at("name").get<std::string>()] = a;
        return out;
    };
    const auto want = index(expected), got = index(actual);
    std::vector<std::string> out;
    for (const auto& [key, a] : want) {
        const auto it = got.find(key);
        if (it == got.end()) out.push_back(key + ": missing");
        else if (it->second != a) out.push_back(key + ": expected " + a.dump() + ", got " + it->second.dump());
    }
    for (const auto& [key, a] : got)
        if (!want.count(key)) out.push_back(key + ": extra " + a.dump());
    if (expected.at("warnings") != actual.at("warnings"))
        out.push_back("warnings: expected " + expected.at("warnings").dump() + ", got " + actual.at("warnings").dump());
    return out;
}

// The differences joined for a failure message, at most `limit` of them.
inline std::string describeDifferences(const std::vector<std::string>& differences, std::size_t limit = 12) {
    std::string out = std::to_string(differences.size()) + " difference(s)";
    for (std::size_t i = 0; i < differences.size() && i < limit; ++i) out += "\n  " + differences[i];
    return out;
}

}  // namespace ts::test
