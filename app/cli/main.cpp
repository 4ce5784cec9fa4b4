// toposcope-cli: headless GPU memory-topology discovery.
#include <CLI/CLI.hpp>

#include <csignal>
#include <cstdio>
#include <iostream>

#include "analysis/raw_analysis.hpp"
#include "compare_command.hpp"
#include "fleet_run.hpp"
#include "backend/fault_injection.hpp"
#include "common/backend_factory.hpp"
#include "common/recording_loader.hpp"
#include "bench/discovery.hpp"
#include "io/input_error.hpp"
#include "io/json_file.hpp"
#include "io/mt4g_json.hpp"
#include "io/mt4g_raw.hpp"
#include "io/report_json.hpp"
#include "io/session_recorder.hpp"
#include "progress_printer.hpp"
#include "session_path.hpp"
#include "sim/builtin_profiles.hpp"
#include "sim/profile.hpp"
#include "mig_table.hpp"
#include "summary_table.hpp"

namespace {

constexpr int kExitRunFailed = 1;
constexpr int kExitBadInput = 2;
constexpr int kExitSomeFailed = 3;

ts::CancelToken* activeCancel = nullptr;

extern "C" void onInterrupt(int) {
    if (activeCancel) activeCancel->cancel();
}

struct Outputs {
    std::string json;
    std::string mt4gJson;
    std::string rawDir;
};

// Writes every requested output; a failure of one does not stop the others.
bool writeOutputs(const ts::Topology& topology, const Outputs& outputs) {
    bool ok = true;
    auto attempt = [&](const std::string& what, auto&& write) {
        try {
            write();
        } catch (const std::exception& e) {
            std::fprintf(stderr, "error: writing %s: %s\n", what.c_str(), e.what());
            ok = false;
        }
    };
    if (!outputs.json.empty()) attempt(outputs.json, [&] { ts::writeReportFile(topology, outputs.json); });
    if (!outputs.mt4gJson.empty())
        attempt(outputs.mt4gJson, [&] { ts::writeJsonFile(ts::topologyToMt4gJson(topology), outputs.mt4gJson); });
    if (!outputs.rawDir.empty())
        attempt(outputs.rawDir, [&] { ts::writeMt4gRawFolder(topology.series, topology.device.name, outputs.rawDir); });
    return ok;
}

void printSummaryUnlessStdout(const ts::Topology& topology, const Outputs& outputs, bool quiet) {
    if (quiet || outputs.json == "-" || outputs.mt4gJson == "-") return;
    ts::cli::printSummary(std::cout, topology);
}

int listProfiles() {
    for (const auto& p : ts::builtinProfiles()) {
        try {
            const auto profile = ts::parseProfile(p.text, "builtin:" + std::string(p.name));
            std::cout << p.name << "\t" << profile.name << "\n";
        } catch (const std::exception& e) {
            std::cout << p.name << "\t(invalid: " << e.what() << ")\n";
        }
    }
    return 0;
}

// The device's MIG mode, profiles and instances without running a benchmark (read-only).
int printMig(const ts::app::BackendChoice& choice) {
    std::vector<std::string> notes;
    std::unique_ptr<ts::Backend> backend = ts::app::makeBackend(choice, notes);
    for (const auto& n : notes) std::fprintf(stderr, "%s\n", n.c_str());
    ts::Topology topology;
    topology.device = backend->queryDevice();
    std::cout << topology.device.name << " (backend " << topology.device.backend << ")\n";
    if (!topology.device.mig) std::cout << "MIG: not reported for this device\n";
    ts::cli::printMigTable(std::cout, topology);
    return 0;
}

int runAnalyze(const std::string& rawDir, const Outputs& outputs, bool quiet) {
    const auto recording = ts::app::loadRecording(rawDir, ts::app::RecordingKind::Mt4gRaw);
    const ts::Topology& topology = recording.topology;
    const auto& warnings = recording.warnings;
    if (quiet || outputs.json == "-" || outputs.mt4gJson == "-")  // else the summary lists them
        for (const auto& w : warnings) std::fprintf(stderr, "warning: %s\n", w.c_str());
    printSummaryUnlessStdout(topology, outputs, quiet);
    return writeOutputs(topology, outputs) ? 0 : kExitRunFailed;
}

struct SessionChoice {
    std::string path;  // empty: a time-stamped file in the user's data folder
    bool off = false;
};

// An explicit --session that cannot be created is bad input; the default one only a warning.
std::unique_ptr<ts::SessionRecorder> openRecorder(const SessionChoice& session, const ts::app::BackendChoice& choice,
                                                  ts::Observer& next, const ts::Topology& live, bool quiet) {
    if (session.off) return nullptr;
    std::string path = session.path;
    try {
        if (path.empty()) path = ts::cli::defaultSessionPath(choice.backend == "sim" ? "sim-" + choice.profile : choice.backend);
        auto recorder = std::make_unique<ts::SessionRecorder>(path, next, &live);
        if (!quiet) std::fprintf(stderr, "recording the session to %s\n", path.c_str());
        return recorder;
    } catch (const std::exception& e) {
        if (!session.path.empty()) throw ts::InputError(std::string("--session: ") + e.what());
        std::fprintf(stderr, "warning: not recording the session: %s\n", e.what());
        return nullptr;
    }
}

// An MT4G JSON report (with its raw folder beside it, where there is one) in every output layout.
int runImport(const std::string& mt4gReport, const Outputs& outputs, bool quiet) {
    const auto recording = ts::app::loadRecording(mt4gReport, ts::app::RecordingKind::Mt4gJson);
    const ts::Topology& topology = recording.topology;
    if (quiet || outputs.json == "-" || outputs.mt4gJson == "-")  // else the summary lists them
        for (const auto& w : recording.warnings) std::fprintf(stderr, "warning: %s\n", w.c_str());
    printSummaryUnlessStdout(topology, outputs, quiet);
    return writeOutputs(topology, outputs) ? 0 : kExitRunFailed;
}

int runReport(const std::string& sessionPath, const std::string& mt4gReport, const Outputs& outputs, bool quiet) {
    if (sessionPath.empty() == mt4gReport.empty()) {
        std::fprintf(stderr, "error: report: give exactly one of --session and --mt4g-report\n");
        return kExitBadInput;
    }
    if (!mt4gReport.empty()) return runImport(mt4gReport, outputs, quiet);
    const auto session = ts::app::loadRecording(sessionPath, ts::app::RecordingKind::Session);
    if (!session.damage.empty())
        std::fprintf(stderr, "warning: %s: %s (kept every record before it)\n", sessionPath.c_str(), session.damage.c_str());
    for (const auto& name : session.cutOff) std::fprintf(stderr, "cut off: %s\n", name.c_str());
    printSummaryUnlessStdout(session.topology, outputs, quiet);
    return writeOutputs(session.topology, outputs) ? 0 : kExitRunFailed;
}

int runDiscover(const ts::app::BackendChoice& choice, const std::string& only, const std::string& faultSpec,
                const Outputs& outputs, const SessionChoice& session, bool quiet) {
    ts::DiscoveryOptions options;
    if (!only.empty()) {
        std::string error;
        if (!ts::parseGroups(only, options.groups, error)) {
            std::fprintf(stderr, "error: --only: %s\n", error.c_str());
            return kExitBadInput;
        }
    }
    std::vector<ts::Fault> faults;
    if (!faultSpec.empty()) {
        try {
            faults = ts::parseFaultSpec(faultSpec);
        } catch (const ts::FaultSpecError& e) {
            std::fprintf(stderr, "error: %s\n", e.what());
            return kExitBadInput;
        }
    }
    std::vector<std::string> notes;
    std::unique_ptr<ts::Backend> backend = ts::app::makeBackend(choice, notes);
    for (const auto& n : notes) std::fprintf(stderr, "%s\n", n.c_str());
    if (!faults.empty()) {
        backend = std::make_unique<ts::FaultInjectingBackend>(std::move(backend), std::move(faults));
        std::fprintf(stderr, "injecting faults: %s (a testing aid)\n", faultSpec.c_str());
    }

    ts::cli::ProgressPrinter printer(quiet);
    ts::CancelToken cancel;
    activeCancel = &cancel;
    std::signal(SIGINT, onInterrupt);
    std::signal(SIGTERM, onInterrupt);
    ts::Topology topology;
    const auto recorder = openRecorder(session, choice, printer, topology, quiet);
    int status = 0;
    std::string outcome = "finished";
    try {
        ts::runDiscovery(*backend, options, recorder ? static_cast<ts::Observer&>(*recorder) : printer, cancel, topology);
    } catch (const ts::Cancelled&) {
        std::fprintf(stderr, "cancelled: writing what was measured so far\n");
        topology.warnings.push_back("run cancelled before the plan finished");
        status = kExitRunFailed;
        outcome = "cancelled";
    } catch (const ts::BackendError& e) {
        std::fprintf(stderr, "error: %s\n", e.what());
        topology.warnings.push_back(std::string("run failed: ") + e.what());
        status = kExitRunFailed;
        outcome = std::string("failed: ") + e.what();
    }
    activeCancel = nullptr;
    if (recorder) {
        recorder->close(outcome);
        if (!recorder->error().empty())
            std::fprintf(stderr, "warning: session recording stopped: %s\n", recorder->error().c_str());
    }
    printSummaryUnlessStdout(topology, outputs, quiet);
    if (status == 0 && !topology.failures.empty()) status = kExitSomeFailed;
    if (!writeOutputs(topology, outputs)) status = kExitRunFailed;
    return status;
}

}  // namespace

int main(int argc, char** argv) {
    CLI::App app{"TopoScope: discovers the memory and compute topology of NVIDIA and AMD GPUs by microbenchmarks",
                 "toposcope-cli"};
    app.set_version_flag("--version", std::string("toposcope-cli ") + TOPOSCOPE_VERSION);

    ts::app::BackendChoice choice;
    std::string only;
    Outputs outputs;
    bool quiet = false;
    app.add_option("--backend", choice.backend, "auto, cuda, hip or sim (auto: the first real GPU, else sim/h100)")
        ->check(CLI::IsMember({"auto", "cuda", "hip", "sim"}));
    app.add_option("--device", choice.device, "GPU index")->check(CLI::NonNegativeNumber);
    std::vector<std::string> profiles;
    app.add_option("--profile", profiles,
                   "simulator profile: a built-in name (see 'profiles') or a file; with --all-devices repeat it, one "
                   "simulated GPU each");
    app.add_option("--only", only,
                   "comma list of groups: l1, l2, texture, readonly, constant, shared, memory, scalar, sharing, bandwidth");
    app.add_option("--json", outputs.json, "write TopoScope's report (JSON) to FILE, - for stdout");
    app.add_option("--mt4g-json", outputs.mt4gJson, "write the results in MT4G's JSON layout to FILE, - for stdout");
    app.add_option("--raw", outputs.rawDir, "write every series in MT4G's raw text layout into DIR");
    app.add_flag("--quiet", quiet, "no progress or summary output");
    SessionChoice session;
    app.add_option("--session", session.path,
                   "record the run into FILE (default: a time-stamped file in $XDG_DATA_HOME/toposcope/sessions)");
    app.add_flag("--no-session", session.off, "do not record the run");
    ts::cli::FleetRunRequest fleetRun;
    app.add_flag("--all-devices", fleetRun.allDevices,
                 "run on every visible GPU at once, one worker each (--json then names a folder)");
    app.add_option("--fleet-out", fleetRun.fleetOut, "write this run's GPU(s) as fleet member files into DIR");
    std::string faultSpec;
    app.add_option("--inject-fault", faultSpec,
                   "testing aid: make the device fail, e.g. oom@l2, fault@l2, lost@l2#3, timeout@texture, "
                   "interference@any#40-90:2 (comma list; docs/faults.md)");

    auto* analyze = app.add_subcommand("analyze", "run TopoScope's analysis on a folder of MT4G raw series");
    std::string rawIn;
    Outputs analyzeOutputs;
    analyze->add_option("--mt4g-raw", rawIn, "folder of MT4G raw series")->required();
    analyze->add_option("--json", analyzeOutputs.json, "write TopoScope's report to FILE, - for stdout");
    analyze->add_option("--mt4g-json", analyzeOutputs.mt4gJson, "write MT4G's JSON layout to FILE, - for stdout");
    analyze->add_flag("--quiet", quiet, "no summary output");
    auto* report = app.add_subcommand("report", "regenerate reports from a recorded session (or an MT4G report)");
    std::string sessionIn;
    Outputs reportOutputs;
    std::string mt4gReportIn;
    report->add_option("--session", sessionIn, "session file written by a run");
    report->add_option("--mt4g-report", mt4gReportIn, "an MT4G JSON report instead (its raw folder beside it: the evidence)");
    report->add_option("--json", reportOutputs.json, "write TopoScope's report to FILE, - for stdout");
    report->add_option("--mt4g-json", reportOutputs.mt4gJson, "write MT4G's JSON layout to FILE, - for stdout");
    report->add_option("--raw", reportOutputs.rawDir, "write every series in MT4G's raw text layout into DIR");
    report->add_flag("--quiet", quiet, "no summary output");
    auto* profilesCommand = app.add_subcommand("profiles", "list the built-in simulator profiles");
    ts::cli::CompareCommand compareCommand;
    auto* compare = compareCommand.add(app);
    auto* mig = app.add_subcommand("mig", "print the device's MIG mode, GPU-instance profiles and instances (changes nothing)");
    mig->add_option("--backend", choice.backend, "auto, cuda, hip or sim")->check(CLI::IsMember({"auto", "cuda", "hip", "sim"}));
    mig->add_option("--device", choice.device, "GPU index")->check(CLI::NonNegativeNumber);
    mig->add_option("--profile", choice.profile, "simulator profile: a built-in name or a file");
    app.require_subcommand(0, 1);

    try {
        app.parse(argc, argv);
    } catch (const CLI::CallForHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForAllHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForVersion& e) {
        return app.exit(e);
    } catch (const CLI::ParseError& e) {
        app.exit(e);
        return kExitBadInput;
    }

    try {
        if (profilesCommand->parsed()) return listProfiles();
        if (compare->parsed()) return compareCommand.run();
        if (mig->parsed()) return printMig(choice);
        if (profiles.size() > 1 && !fleetRun.allDevices)
            throw ts::InputError("--profile given " + std::to_string(profiles.size()) + " times: only --all-devices runs several");
        if (!profiles.empty()) choice.profile = profiles.front();
        if (fleetRun.allDevices || !fleetRun.fleetOut.empty()) {
            if (!outputs.mt4gJson.empty() || !outputs.rawDir.empty() || !session.path.empty())
                throw ts::InputError("--all-devices/--fleet-out write TopoScope reports only: drop --mt4g-json, --raw and --session");
            if (!faultSpec.empty()) throw ts::InputError("--inject-fault tests a single-device run: drop --all-devices/--fleet-out");
            fleetRun.choice = choice;
            fleetRun.deviceGiven = app.count("--device") > 0;
            fleetRun.simProfiles = profiles;
            fleetRun.only = only;
            fleetRun.jsonDir = outputs.json;
            fleetRun.quiet = quiet;
            return ts::cli::runFleet(fleetRun);
        }
        if (analyze->parsed()) return runAnalyze(rawIn, analyzeOutputs, quiet);
        if (report->parsed()) return runReport(sessionIn, mt4gReportIn, reportOutputs, quiet);
        return runDiscover(choice, only, faultSpec, outputs, session, quiet);
    } catch (const ts::InputError& e) {
        std::fprintf(stderr, "error: %s\n", e.what());
        return kExitBadInput;
    } catch (const ts::BackendError& e) {
        std::fprintf(stderr, "error: %s\n", e.what());
        return kExitRunFailed;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "error: %s\n", e.what());
        return kExitRunFailed;
    }
}
