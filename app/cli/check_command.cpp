#include "check_command.hpp"

#include <CLI/CLI.hpp>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <iostream>

#include "fleet/fleet_report.hpp"
#include "io/input_error.hpp"
#include "run/exit_status.hpp"
#include "model/byte_text.hpp"
#include "terminal_text.hpp"

namespace ts::cli {
namespace {

std::string amountText(double value, const std::string& unit) {
    if (unit == "B" && value >= 0 && value < 1e19) {
        const auto bytes = static_cast<std::uint64_t>(std::llround(value));
        return std::to_string(bytes) + " B (" + bytesText(bytes) + ")";
    }
    char text[64];
    std::snprintf(text, sizeof text, "%.6g%s%s", value, unit.empty() ? "" : " ", unit.c_str());
    return text;
}

void printDeviation(std::ostream& out, const fleet::Deviation& d) {
    const std::string& unit = d.attribute.unit;
    out << d.attribute.id << " (" << d.attribute.label << "): ";
    if (!d.value) {
        out << "not measured (reference " << amountText(d.reference, unit) << ")\n";
        return;
    }
    out << amountText(*d.value, unit) << ", reference " << amountText(d.reference, unit);
    if (d.reference != 0) {
        char relative[64];
        std::snprintf(relative, sizeof relative, " (%+.1f %%, tolerance %.3g %%", 100.0 * (*d.value - d.reference) / d.reference,
                      100.0 * d.tolerance);
        out << relative;
        if (std::isfinite(d.robustZ)) {
            std::snprintf(relative, sizeof relative, ", robust z %.1f", d.robustZ);
            out << relative;
        }
        out << ")";
    }
    if (d.doubted()) {
        char confidence[96];
        std::snprintf(confidence, sizeof confidence, " doubted: measured at confidence %.2f (the run says why)", d.confidence);
        out << confidence;
    }
    out << "\n";
}

}  // namespace

CLI::App* CheckCommand::add(CLI::App& app) {
    auto* sub = app.add_subcommand("check", "run the suite and compare this GPU with a reference report of its model; prints only "
                                            "what deviates (exit 5)");
    sub->add_option("--reference", referencePath_,
                    "a TopoScope report, fleet member file or fleet report of the same GPU model (a fleet's medians)")
        ->required();
    sub->add_option("--tolerance", toleranceTexts_,
                    "relative tolerance in percent for every attribute (PCT) or one (ID=PCT, ids as in docs/fleet.md); "
                    "repeatable; default 1 % sizes and API facts, 2 % latencies, 5 % bandwidths");
    // The run's options (--backend, --profile, --device, --only, --json, ...) are the top level's.
    sub->fallthrough();
    return sub;
}

void CheckCommand::prepare(RunFlags& flags) {
    reference_ = fleet::referenceFromMembers(fleet::readMembers(referencePath_), referencePath_);
    for (const auto& text : toleranceTexts_) fleet::addTolerance(tolerances_, text);
    if (flags.only.empty() && flags.groups.empty()) flags.only = fleet::groupsForReference(reference_);
}

void CheckCommand::refuseOtherModel(const DeviceInfo& device) const {
    if (device.name != reference_.deviceName)
        throw InputError("--reference " + referencePath_ + ": it is a report of \"" + reference_.deviceName +
                         "\", this GPU is \"" + device.name + "\" (a reference is one GPU model's)");
}

int CheckCommand::conclude(const Topology& run, int runStatus, bool quiet) const {
    if (runStatus == kExitRunFailed || runStatus == kExitBadInput || runStatus == kExitSharedGpu) return runStatus;
    const fleet::CheckResult result = fleet::checkAgainstReference(run, reference_, tolerances_);
    printPrintable(std::cout, [&](std::ostream& out) {
        for (const auto& d : result.deviations) printDeviation(out, d);
        if (quiet) return;
        for (const auto& note : result.notes) out << "note: " << note << "\n";
        out << "check: " << result.deviations.size() << " of " << result.compared << " attribute(s) deviate from "
            << referencePath_ << " (" << reference_.members << " report(s) of " << reference_.deviceName << ")";
        if (result.doubted > 0)
            out << "; " << result.doubted << " of them doubted (measured at confidence 0.5 or less: a shared GPU, a doubted method)";
        out << "\n";
    });
    return result.deviations.empty() ? runStatus : kExitDeviates;
}

}  // namespace ts::cli
