// toposcope-cli: headless GPU memory-topology discovery.
#include <CLI/CLI.hpp>

#include <algorithm>
#include <csignal>
#include <filesystem>
#include <functional>
#include <cstdio>
#include <iostream>

#include "io/mt4g_raw_analysis.hpp"
#include "check_command.hpp"
#include "compare_command.hpp"
#include "fleet_run.hpp"
#include "program_support/backend_factory.hpp"
#include "program_support/fault_flag.hpp"
#include "program_support/memory_reserve.hpp"
#include "program_support/outputs_naming_inputs.hpp"
#include "program_support/recording_loader.hpp"
#include "program_support/run_flag_options.hpp"
#include "program_support/standard_streams.hpp"
#include "benchmarks/discovery.hpp"
#include "io/input_error.hpp"
#include "io/json_file.hpp"
#include "model/build_info.hpp"
#include "io/mt4g_csv.hpp"
#include "io/mt4g_json.hpp"
#include "io/mt4g_raw.hpp"
#include "io/output_file.hpp"
#include "io/report_json.hpp"
#include "io/session_recorder.hpp"
#include "progress_printer.hpp"
#include "run/discovery_run.hpp"
#include "run/exit_status.hpp"
#include "run/run_flags.hpp"
#include "program_support/session_file_name.hpp"
#include "program_support/session_folder.hpp"
#include "sim/builtin_profiles.hpp"
#include "sim/profile.hpp"
#include "mig_table.hpp"
#include "summary_table.hpp"
#include "terminal_text.hpp"

namespace {

using ts::kExitBadInput;
using ts::kExitRunFailed;

ts::CancelToken* activeCancel = nullptr;

extern "C" void onInterrupt(int) {
    if (activeCancel) activeCancel->cancel();
}

struct Outputs {
    std::string json;
    std::string mt4gJson;
    std::string mt4gCsv;
    std::string rawDir;

    bool toStdout() const { return json == "-" || mt4gJson == "-" || mt4gCsv == "-"; }
};

// The files and folder a command writes, claimed (locked, links refused) before it does its work,
// so that a second run writing the same output stops at once with a clear error.
struct ClaimedOutputs {
    std::unique_ptr<ts::OutputFile> json;
    std::unique_ptr<ts::OutputFile> mt4gJson;
    std::unique_ptr<ts::OutputFile> mt4gCsv;
    std::unique_ptr<ts::OutputFolder> raw;
};

// `inputs`: the files the command reads; an output naming one of them or another output (also one of
// `alsoWritten`, such as the session) is refused.
ClaimedOutputs claimOutputs(const Outputs& outputs, const std::vector<std::string>& inputs = {},
                            const std::vector<ts::app::NamedOutput>& alsoWritten = {}) {
    const std::string* files[] = {&outputs.json, &outputs.mt4gJson, &outputs.mt4gCsv};
    if (std::count_if(std::begin(files), std::end(files), [](const std::string* f) { return *f == "-"; }) > 1)
        throw ts::InputError("two outputs name standard output (-): give one of them a file");
    std::vector<ts::app::NamedOutput> written{
        {"--json", outputs.json}, {"--mt4g-json", outputs.mt4gJson}, {"--mt4g-csv", outputs.mt4gCsv}, {"--raw", outputs.rawDir}};
    written.insert(written.end(), alsoWritten.begin(), alsoWritten.end());
    ts::app::refuseOutputsNamingInputs(written, inputs);
    ClaimedOutputs claimed;
    auto claim = [](const char* option, auto&& open) {
        try {
            open();
        } catch (const ts::OutputError& e) {
            throw ts::InputError(std::string(option) + ": " + e.what());
        }
    };
    if (!outputs.json.empty() && outputs.json != "-")
        claim("--json", [&] { claimed.json = std::make_unique<ts::OutputFile>(outputs.json); });
    if (!outputs.mt4gJson.empty() && outputs.mt4gJson != "-")
        claim("--mt4g-json", [&] { claimed.mt4gJson = std::make_unique<ts::OutputFile>(outputs.mt4gJson); });
    if (!outputs.mt4gCsv.empty() && outputs.mt4gCsv != "-")
        claim("--mt4g-csv", [&] { claimed.mt4gCsv = std::make_unique<ts::OutputFile>(outputs.mt4gCsv); });
    if (!outputs.rawDir.empty()) claim("--raw", [&] { claimed.raw = std::make_unique<ts::OutputFolder>(outputs.rawDir); });
    return claimed;
}

// Writes every requested output; a failure of one does not stop the others.
bool writeOutputs(const ts::Topology& topology, const Outputs& outputs, ClaimedOutputs& claimed) {
    bool ok = true;
    auto attempt = [&](const std::string& what, auto&& write) {
        try {
            write();
        } catch (const std::bad_alloc&) {
            ts::cli::printMessage(stderr, "error: writing %s: out of memory\n", what.c_str());
            ts::app::rearmMemoryReserve();
            ok = false;
        } catch (const std::exception& e) {
            ts::cli::printMessage(stderr, "error: writing %s: %s\n", what.c_str(), e.what());
            ok = false;
        }
    };
    auto json = [](const nlohmann::json& j, const std::string& path, std::unique_ptr<ts::OutputFile>& file) {
        if (file) ts::writeJsonFile(j, *file);
        else ts::writeJsonFile(j, path);  // "-": standard output
    };
    if (!outputs.json.empty()) attempt(outputs.json, [&] { json(ts::reportToJson(topology), outputs.json, claimed.json); });
    if (!outputs.mt4gJson.empty())
        attempt(outputs.mt4gJson, [&] { json(ts::topologyToMt4gJson(topology), outputs.mt4gJson, claimed.mt4gJson); });
    if (!outputs.mt4gCsv.empty())
        attempt(outputs.mt4gCsv, [&] {
            const std::string csv = ts::topologyToMt4gCsv(topology);
            if (claimed.mt4gCsv) claimed.mt4gCsv->replace(csv);
            else ts::writeTextFile(csv, outputs.mt4gCsv);  // "-": standard output
        });
    if (claimed.raw)
        attempt(outputs.rawDir, [&] { ts::writeMt4gRawFolder(topology.series, topology.device.name, *claimed.raw); });
    return ok;
}

void printSummaryUnlessStdout(const ts::Topology& topology, const Outputs& outputs, bool quiet) {
    if (quiet || outputs.toStdout()) return;
    ts::cli::printPrintable(std::cout, [&](std::ostream& out) { ts::cli::printSummary(out, topology); });
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
    for (const auto& n : notes) ts::cli::printMessage(stderr, "%s\n", n.c_str());
    ts::Topology topology;
    topology.device = backend->queryDevice();
    ts::cli::printPrintable(std::cout, [&](std::ostream& out) {
        out << topology.device.name << " (backend " << topology.device.backend << ")\n";
        if (!topology.device.mig) out << "MIG: not reported for this device\n";
        ts::cli::printMigTable(out, topology);
    });
    return 0;
}

int runAnalyze(const std::string& rawDir, const Outputs& outputs, bool quiet) {
    ClaimedOutputs claimed = claimOutputs(outputs, {rawDir});
    const auto recording = ts::app::loadRecording(rawDir, ts::app::RecordingKind::Mt4gRaw);
    const ts::Topology& topology = recording.topology;
    const auto& warnings = recording.warnings;
    if (quiet || outputs.toStdout())  // else the summary lists them
        for (const auto& w : warnings) ts::cli::printMessage(stderr, "warning: %s\n", w.c_str());
    printSummaryUnlessStdout(topology, outputs, quiet);
    return writeOutputs(topology, outputs, claimed) ? 0 : kExitRunFailed;
}

struct SessionChoice {
    std::string path;  // empty: a time-stamped file in the user's data folder
    bool off = false;
};

// An explicit --session that cannot be created is bad input; the default one only a warning.
std::unique_ptr<ts::SessionRecorder> openRecorder(const SessionChoice& session, const ts::app::BackendChoice& choice,
                                                  ts::Observer& next, const ts::Topology& live, bool quiet) {
    if (session.off) return nullptr;
    const std::string& path = session.path;
    try {
        const std::string label = choice.backend == "sim" ? "sim-" + choice.profile : choice.backend;
        auto recorder = path.empty() ? ts::app::recordNewSession(ts::app::sessionFolder(), label, next, &live)
                                     : ts::app::recordSessionTo(path, next, &live);
        if (!quiet) ts::cli::printMessage(stderr, "recording the session to %s\n", recorder->path().c_str());
        return recorder;
    } catch (const std::exception& e) {
        if (!session.path.empty()) throw ts::InputError(std::string("--session: ") + e.what());
        ts::cli::printMessage(stderr, "warning: not recording the session: %s\n", e.what());
        return nullptr;
    }
}

// An MT4G JSON report (with its raw folder beside it, where there is one) in every output layout.
int runImport(const std::string& mt4gReport, const Outputs& outputs, bool quiet) {
    ClaimedOutputs claimed = claimOutputs(outputs, {mt4gReport});
    const auto recording = ts::app::loadRecording(mt4gReport, ts::app::RecordingKind::Mt4gJson);
    const ts::Topology& topology = recording.topology;
    if (quiet || outputs.json == "-" || outputs.mt4gJson == "-")  // else the summary lists them
        for (const auto& w : recording.warnings) ts::cli::printMessage(stderr, "warning: %s\n", w.c_str());
    printSummaryUnlessStdout(topology, outputs, quiet);
    return writeOutputs(topology, outputs, claimed) ? 0 : kExitRunFailed;
}

int runReport(const std::string& sessionPath, const std::string& mt4gReport, const Outputs& outputs, bool quiet) {
    if (sessionPath.empty() == mt4gReport.empty()) {
        ts::cli::printMessage(stderr, "error: report: give exactly one of --session and --mt4g-report\n");
        return kExitBadInput;
    }
    if (!mt4gReport.empty()) return runImport(mt4gReport, outputs, quiet);
    ClaimedOutputs claimed = claimOutputs(outputs, {sessionPath});
    const auto session = ts::app::loadRecording(sessionPath, ts::app::RecordingKind::Session);
    if (!session.damage.empty())
        ts::cli::printMessage(stderr, "warning: %s: %s (kept every record before it)\n", sessionPath.c_str(), session.damage.c_str());
    for (const auto& name : session.cutOff) ts::cli::printMessage(stderr, "cut off: %s\n", name.c_str());
    printSummaryUnlessStdout(session.topology, outputs, quiet);
    return writeOutputs(session.topology, outputs, claimed) ? 0 : kExitRunFailed;
}

// What `check` adds to a run: a look at the device before it, and a verdict instead of the summary.
struct RunVerdict {
    std::function<void(const ts::DeviceInfo&)> beforeRun;             // may throw InputError
    std::function<int(const ts::Topology&, int status)> conclude;     // the exit status
};

int runDiscover(const ts::app::BackendChoice& choice, const ts::RunFlags& flags, const std::string& faultSpec,
                const Outputs& outputs, const SessionChoice& session, bool quiet, const RunVerdict& verdict = {}) {
    const ts::DiscoveryOptions options = ts::discoveryOptions(flags);
    const std::vector<ts::Fault> faults = ts::app::parseFaultFlag(faultSpec);
    std::error_code probe;  // a name too long to be a file is no file
    const bool profileIsAFile = !choice.profile.empty() && std::filesystem::is_regular_file(choice.profile, probe);
    ClaimedOutputs claimed = claimOutputs(outputs, {profileIsAFile ? choice.profile : std::string()},
                                          {{"--session", session.off ? std::string() : session.path}});
    std::vector<std::string> notes;
    std::unique_ptr<ts::Backend> backend = ts::app::makeBackend(choice, notes);
    for (const auto& n : notes) ts::cli::printMessage(stderr, "%s\n", n.c_str());
    backend = ts::app::withFaults(std::move(backend), faults);
    if (!faults.empty()) ts::cli::printMessage(stderr, "injecting faults: %s (a testing aid)\n", faultSpec.c_str());
    if (verdict.beforeRun) verdict.beforeRun(backend->queryDevice());

    ts::cli::ProgressPrinter printer(quiet || verdict.conclude);
    ts::CancelToken cancel;
    activeCancel = &cancel;
    std::signal(SIGINT, onInterrupt);
    std::signal(SIGTERM, onInterrupt);
    std::signal(SIGHUP, onInterrupt);  // a closed terminal: as SIGTERM
    ts::Topology topology;
    const auto recorder = openRecorder(session, choice, printer, topology, quiet || verdict.conclude);
    const ts::DiscoveryOutcome outcome =
        ts::runDiscoveryToOutcome(*backend, options, printer, cancel, topology, recorder.get());
    activeCancel = nullptr;
    if (!outcome.finished()) ts::cli::printMessage(stderr, "%s%s\n", outcome.ending == ts::RunEnding::Cancelled ? "" : "error: ",
                                          outcome.userMessage().c_str());
    for (const auto& note : outcome.unfiredFaults) ts::cli::printMessage(stderr, "warning: %s\n", note.c_str());
    // The run went on and its results are in memory (the summary, the reports); the session
    // keeps every record written before the failure. Still a failed output: exit 1.
    if (!outcome.sessionError.empty())
        ts::cli::printMessage(stderr, "error: session recording stopped: %s (the session keeps what was recorded before)\n",
                     outcome.sessionError.c_str());
    if (!verdict.conclude) printSummaryUnlessStdout(topology, outputs, quiet);
    int status = outcome.exitStatus();
    if (!writeOutputs(topology, outputs, claimed)) status = ts::worstExitStatus(status, ts::kExitRunFailed);
    return verdict.conclude ? verdict.conclude(topology, status) : status;
}

// Everything the command line sets: the run's options and those of the subcommands.
struct CommandLine {
    ts::app::BackendChoice choice;
    ts::RunFlags runFlags;
    Outputs outputs;
    bool quiet = false;
    std::vector<std::string> profiles;
    SessionChoice session;
    ts::cli::FleetRunRequest fleetRun;
    std::string faultSpec;
    std::string rawIn;  // analyze
    Outputs analyzeOutputs;
    std::string sessionIn;  // report
    std::string mt4gReportIn;
    Outputs reportOutputs;
};

struct Subcommands {
    CLI::App* analyze = nullptr;
    CLI::App* report = nullptr;
    CLI::App* profiles = nullptr;
    CLI::App* compare = nullptr;
    CLI::App* mig = nullptr;
    CLI::App* check = nullptr;
};

void addRunOptions(CLI::App& app, CommandLine& c) {
    app.add_option("--backend", c.choice.backend, "auto, cuda, hip or sim (auto: the first real GPU, else sim/h100)")
        ->check(CLI::IsMember({"auto", "cuda", "hip", "sim"}));
    app.add_option("--device", c.choice.device, "GPU index")->check(CLI::NonNegativeNumber);
    app.add_option("--profile", c.profiles,
                   "simulator profile: a built-in name (see 'profiles') or a file; with --all-devices repeat it, one "
                   "simulated GPU each");
    ts::app::addRunFlagOptions(app, c.runFlags);
    app.add_option("--json", c.outputs.json, "write TopoScope's report (JSON) to FILE, - for stdout");
    app.add_option("--mt4g-json", c.outputs.mt4gJson, "write the results in MT4G's JSON layout to FILE, - for stdout");
    app.add_option("--mt4g-csv", c.outputs.mt4gCsv,
                   "write the results in MT4G's older CSV layout (v0.1, GPUscout-GUI) to FILE, - for stdout");
    app.add_option("--raw", c.outputs.rawDir, "write every series in MT4G's raw text layout into DIR");
    app.add_flag("--quiet", c.quiet, "no progress or summary output");
    app.add_option("--session", c.session.path,
                   "record the run into FILE (default: a time-stamped file in $XDG_DATA_HOME/toposcope/sessions)");
    app.add_flag("--no-session", c.session.off, "do not record the run");
    app.add_flag("--all-devices", c.fleetRun.allDevices,
                 "run on every visible GPU at once, one worker each (--json then names a folder)");
    app.add_option("--fleet-out", c.fleetRun.fleetOut, "write this run's GPU(s) as fleet member files into DIR");
    app.add_option("--inject-fault", c.faultSpec,
                   "testing aid: make the device fail, e.g. oom@l2, fault@l2, lost@l2#3, timeout@texture, "
                   "interference@any#40-90:2, neighbour@any:100/100, mps, evict, preempt, idle-context, blind "
                   "(comma list; docs/faults.md)");
}

Subcommands addSubcommands(CLI::App& app, CommandLine& c, ts::cli::CompareCommand& compareCommand,
                           ts::cli::CheckCommand& checkCommand) {
    Subcommands sub;
    sub.analyze = app.add_subcommand("analyze", "run TopoScope's analysis on a folder of MT4G raw series");
    sub.analyze->add_option("--mt4g-raw", c.rawIn, "folder of MT4G raw series")->required();
    sub.analyze->add_option("--json", c.analyzeOutputs.json, "write TopoScope's report to FILE, - for stdout");
    sub.analyze->add_option("--mt4g-json", c.analyzeOutputs.mt4gJson, "write MT4G's JSON layout to FILE, - for stdout");
    sub.analyze->add_option("--mt4g-csv", c.analyzeOutputs.mt4gCsv, "write MT4G's older CSV layout (v0.1) to FILE, - for stdout");
    sub.analyze->add_flag("--quiet", c.quiet, "no summary output");
    sub.report = app.add_subcommand("report", "regenerate reports from a recorded session (or an MT4G report)");
    sub.report->add_option("--session", c.sessionIn, "session file written by a run");
    sub.report->add_option("--mt4g-report", c.mt4gReportIn, "an MT4G JSON report instead (its raw folder beside it: the evidence)");
    sub.report->add_option("--json", c.reportOutputs.json, "write TopoScope's report to FILE, - for stdout");
    sub.report->add_option("--mt4g-json", c.reportOutputs.mt4gJson, "write MT4G's JSON layout to FILE, - for stdout");
    sub.report->add_option("--mt4g-csv", c.reportOutputs.mt4gCsv, "write MT4G's older CSV layout (v0.1) to FILE, - for stdout");
    sub.report->add_option("--raw", c.reportOutputs.rawDir, "write every series in MT4G's raw text layout into DIR");
    sub.report->add_flag("--quiet", c.quiet, "no summary output");
    sub.profiles = app.add_subcommand("profiles", "list the built-in simulator profiles");
    sub.compare = compareCommand.add(app);
    sub.check = checkCommand.add(app);
    sub.mig = app.add_subcommand("mig", "print the device's MIG mode, GPU-instance profiles and instances (changes nothing)");
    sub.mig->add_option("--backend", c.choice.backend, "auto, cuda, hip or sim")->check(CLI::IsMember({"auto", "cuda", "hip", "sim"}));
    sub.mig->add_option("--device", c.choice.device, "GPU index")->check(CLI::NonNegativeNumber);
    sub.mig->add_option("--profile", c.choice.profile, "simulator profile: a built-in name or a file");
    return sub;
}

// --all-devices / --fleet-out: every GPU at once, TopoScope reports only.
int runFleetCommand(const CLI::App& app, CommandLine& c) {
    if (!c.outputs.mt4gJson.empty() || !c.outputs.mt4gCsv.empty() || !c.outputs.rawDir.empty() || !c.session.path.empty())
        throw ts::InputError(
            "--all-devices/--fleet-out write TopoScope reports only: drop --mt4g-json, --mt4g-csv, --raw and --session");
    c.fleetRun.choice = c.choice;
    c.fleetRun.deviceGiven = app.count("--device") > 0;
    c.fleetRun.simProfiles = c.profiles;
    c.fleetRun.runFlags = c.runFlags;
    c.fleetRun.faultSpec = c.faultSpec;
    c.fleetRun.jsonDir = c.outputs.json;
    c.fleetRun.quiet = c.quiet;
    return ts::cli::runFleet(c.fleetRun);
}

// check: a run without its summary or default session, judged against the reference.
int runCheck(ts::cli::CheckCommand& check, CommandLine& c) {
    if (!c.outputs.mt4gJson.empty() || !c.outputs.mt4gCsv.empty() || !c.outputs.rawDir.empty())
        throw ts::InputError("check writes a TopoScope report only (--json): drop --mt4g-json, --mt4g-csv and --raw");
    ts::app::refuseOutputsNamingInputs({{"--json", c.outputs.json}, {"--session", c.session.path}}, {check.referencePath()});
    check.prepare(c.runFlags);
    SessionChoice session = c.session;
    session.off = session.off || session.path.empty();  // a prolog on every job start fills no sessions folder
    RunVerdict verdict;
    verdict.beforeRun = [&](const ts::DeviceInfo& device) { check.refuseOtherModel(device); };
    verdict.conclude = [&](const ts::Topology& run, int status) { return check.conclude(run, status, c.quiet); };
    return runDiscover(c.choice, c.runFlags, c.faultSpec, c.outputs, session, c.quiet, verdict);
}

// The command the parsed line asks for. Throws InputError and BackendError.
int runCommand(const CLI::App& app, const Subcommands& sub, ts::cli::CompareCommand& compareCommand,
               ts::cli::CheckCommand& checkCommand, CommandLine& c) {
    if (sub.profiles->parsed()) return listProfiles();
    if (sub.compare->parsed()) return compareCommand.run();
    if (sub.mig->parsed()) return printMig(c.choice);
    if (c.profiles.size() > 1 && !c.fleetRun.allDevices)
        throw ts::InputError("--profile given " + std::to_string(c.profiles.size()) + " times: only --all-devices runs several");
    if (!c.profiles.empty()) c.choice.profile = c.profiles.front();
    if (sub.check->parsed() && (c.fleetRun.allDevices || !c.fleetRun.fleetOut.empty()))
        throw ts::InputError("check judges one GPU (--device N): run it once per GPU, without --all-devices and --fleet-out");
    if (c.fleetRun.allDevices || !c.fleetRun.fleetOut.empty()) return runFleetCommand(app, c);
    if (sub.analyze->parsed()) return runAnalyze(c.rawIn, c.analyzeOutputs, c.quiet);
    if (sub.report->parsed()) return runReport(c.sessionIn, c.mt4gReportIn, c.reportOutputs, c.quiet);
    if (c.choice.backend == "sim" && c.choice.device != 0)
        throw ts::InputError("--device " + std::to_string(c.choice.device) +
                             ": the simulator has one device, 0 (--profile picks the GPU it simulates; --all-devices "
                             "with several --profile simulates several)");
    if (sub.check->parsed()) return runCheck(checkCommand, c);
    return runDiscover(c.choice, c.runFlags, c.faultSpec, c.outputs, c.session, c.quiet);
}

}  // namespace

int main(int argc, char** argv) {
    ts::app::prepareStandardStreams();
    ts::app::holdMemoryReserve();
    CLI::App app{"TopoScope: discovers the memory and compute topology of NVIDIA and AMD GPUs by microbenchmarks",
                 "toposcope-cli"};
    app.set_version_flag("--version", ts::versionText("toposcope-cli"));
    CommandLine line;
    addRunOptions(app, line);
    ts::cli::CompareCommand compareCommand;
    ts::cli::CheckCommand checkCommand;
    const Subcommands sub = addSubcommands(app, line, compareCommand, checkCommand);
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
        return runCommand(app, sub, compareCommand, checkCommand, line);
    } catch (const ts::InputError& e) {
        ts::cli::printMessage(stderr, "error: %s\n", e.what());
        return kExitBadInput;
    } catch (const ts::BackendError& e) {
        ts::cli::printMessage(stderr, "error: %s\n", e.what());
        return kExitRunFailed;
    } catch (const std::bad_alloc&) {
        ts::cli::printMessage(stderr, "error: out of memory\n");
        return kExitRunFailed;
    } catch (const std::exception& e) {
        ts::cli::printMessage(stderr, "error: %s\n", e.what());
        return kExitRunFailed;
    }
}
