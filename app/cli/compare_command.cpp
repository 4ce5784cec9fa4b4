#include "compare_command.hpp"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <iostream>

#include "program_support/outputs_naming_inputs.hpp"
#include "fleet/compare.hpp"
#include "fleet_table.hpp"
#include "io/input_error.hpp"
#include "io/json_file.hpp"
#include "model/timestamp.hpp"
#include "terminal_text.hpp"

namespace ts::cli {
namespace {

namespace fs = std::filesystem;

// A folder stands for the *.json files directly in it, in name order.
std::vector<std::string> expandInputs(const std::vector<std::string>& inputs) {
    std::vector<std::string> files;
    for (const auto& input : inputs) {
        std::error_code ec;
        if (!fs::is_directory(input, ec)) {
            files.push_back(input);
            continue;
        }
        std::vector<std::string> inFolder;
        for (const auto& entry : fs::directory_iterator(input, ec))
            if (entry.is_regular_file() && entry.path().extension() == ".json") inFolder.push_back(entry.path().string());
        if (ec) throw InputError(input + ": cannot list the folder (" + ec.message() + ")");
        if (inFolder.empty()) throw InputError(input + ": the folder holds no .json file");
        std::sort(inFolder.begin(), inFolder.end());
        files.insert(files.end(), inFolder.begin(), inFolder.end());
    }
    return files;
}

}  // namespace

CLI::App* CompareCommand::add(CLI::App& app) {
    auto* sub = app.add_subcommand("compare", "compare GPUs: a table of key attributes with outliers (median absolute deviation)");
    sub->add_option("reports", inputs, "TopoScope reports, fleet member files, fleet reports, or folders of them")
        ->required();
    sub->add_option("--json", json, "write the comparison (toposcope-compare/1) to FILE, - for stdout");
    sub->add_option("--fleet", fleet, "write every input merged into one fleet report (toposcope-fleet/1) to FILE");
    sub->add_flag("--quiet", quiet, "no table output");
    return sub;
}

int CompareCommand::run() const {
    const std::vector<std::string> files = expandInputs(inputs);
    app::refuseOutputsNamingInputs({{"--json", json}, {"--fleet", fleet}}, files);
    fleet::FleetReport merged = fleet::mergeFleetInputs(files);
    if (merged.members.empty()) throw InputError("compare: the inputs hold no GPU report");
    merged.createdUtc = utcTimestamp();
    const fleet::Comparison comparison = fleet::compare(merged.members);
    if (!quiet && json != "-") {
        printPrintable(std::cout, [&](std::ostream& out) {
            printComparison(out, comparison);
            printPeerLinks(out, merged.peerLinks);
        });
    }
    int status = comparison.outlierCount() > 0 ? 1 : 0;
    try {
        if (!json.empty()) writeJsonFile(fleet::comparisonToJson(comparison, merged.members), json);
        if (!fleet.empty()) fleet::writeFleetReport(merged, fleet);
    } catch (const std::exception& e) {
        printMessage(stderr, "error: %s\n", e.what());
        status = 1;
    }
    return status;
}

}  // namespace ts::cli
