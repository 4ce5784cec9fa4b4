#pragma once
// The built-in profiles' whole default suites as toposcope-cli wrote them once for the tests that
// only read them (the ctest fixture simulated_runs, tests/CMakeLists.txt): the report, MT4G's JSON
// and CSV layouts of each, in TOPOSCOPE_SIMULATED_RUNS.
#include <filesystem>
#include <stdexcept>
#include <string>

#include "io/report_json.hpp"
#include "model/topology.hpp"

namespace ts::test {

// `suffix`: ".json" (the report), ".mt4g.json" or ".mt4g.csv". Throws where the file is missing or
// older than the CLI that should have written it: the binary was run without ctest's fixture.
inline std::filesystem::path simulatedRunFile(const std::string& profile, const std::string& suffix) {
    namespace fs = std::filesystem;
    const fs::path file = fs::path(TOPOSCOPE_SIMULATED_RUNS) / (profile + suffix);
    if (!fs::exists(file) || fs::last_write_time(file) < fs::last_write_time(TOPOSCOPE_CLI))
        throw std::runtime_error(file.string() + " is missing or older than toposcope-cli: run the test through ctest, "
                                                 "whose simulated_run." + profile + " writes it");
    return file;
}

inline Topology simulatedRunReport(const std::string& profile) { return readReportFile(simulatedRunFile(profile, ".json").string()); }

}  // namespace ts::test
