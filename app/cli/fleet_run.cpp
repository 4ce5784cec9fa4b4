#include "fleet_run.hpp"

#include <csignal>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <iostream>
#include <memory>

#include "program_support/fault_flag.hpp"
#include "program_support/fleet_devices.hpp"
#include "fleet/compare.hpp"
#include "fleet/member_identity.hpp"
#include "fleet_table.hpp"
#include "io/input_error.hpp"
#include "io/report_json.hpp"
#include "model/timestamp.hpp"
#include "run/exit_status.hpp"
#include "worker_progress.hpp"
#include "terminal_text.hpp"

namespace ts::cli {
namespace {

namespace fs = std::filesystem;

CancelToken* fleetCancel = nullptr;
extern "C" void onFleetInterrupt(int) {
    if (fleetCancel) fleetCancel->cancel();
}

void makeFolder(const std::string& dir, const char* option) {
    std::error_code ec;
    fs::create_directories(dir, ec);
    if (ec || !fs::is_directory(dir)) throw InputError(std::string(option) + " " + dir + ": cannot create the folder");
}

// Host names become file names: keep letters, digits, '.', '-', '_'.
std::string fileSafe(std::string text) {
    for (char& c : text)
        if (!std::isalnum(static_cast<unsigned char>(c)) && c != '.' && c != '-' && c != '_') c = '_';
    return text;
}

bool attempt(const std::string& what, const std::function<void()>& write) {
    try {
        write();
        return true;
    } catch (const std::exception& e) {
        printMessage(stderr, "error: writing %s: %s\n", what.c_str(), e.what());
        return false;
    }
}

}  // namespace

int runFleet(const FleetRunRequest& r) {
    const DiscoveryOptions options = discoveryOptions(r.runFlags);
    if (!r.jsonDir.empty() && r.jsonDir != "-") makeFolder(r.jsonDir, "--json");
    if (r.jsonDir == "-") throw InputError("--json -: with --all-devices --json names a folder (one report per GPU)");
    if (!r.fleetOut.empty()) makeFolder(r.fleetOut, "--fleet-out");

    std::vector<std::string> notes;
    app::BackendChoice choice = r.choice;
    if (!r.allDevices && !r.deviceGiven && app::launcherLocalRank() >= 0 && choice.backend != "sim") {
        // One task per GPU under Slurm/Open MPI without per-task GPU binding: the local rank picks the GPU.
        choice.device = app::launcherLocalRank();
        notes.push_back("device " + std::to_string(choice.device) + " chosen by the launcher's local rank");
    }
    app::DevicePlan plan = r.allDevices ? app::allDevices(choice, r.simProfiles, notes) : app::oneDevice(choice, notes);
    if (const std::vector<Fault> faults = app::parseFaultFlag(r.faultSpec); !faults.empty()) {
        for (auto& job : plan.jobs)
            job.makeBackend = [make = job.makeBackend, faults] { return app::withFaults(make(), faults); };
        notes.push_back("injecting faults into every GPU: " + r.faultSpec + " (a testing aid)");
    }
    for (const auto& n : notes)
        if (!r.quiet) printMessage(stderr, "%s\n", n.c_str());

    const std::string host = fleet::localHostName();
    const int rank = app::launcherRank();
    std::vector<std::unique_ptr<WorkerProgress>> observers;
    for (const auto& job : plan.jobs) observers.push_back(std::make_unique<WorkerProgress>(job.label, r.quiet));
    CancelToken cancel;
    fleetCancel = &cancel;
    std::signal(SIGINT, onFleetInterrupt);
    std::signal(SIGTERM, onFleetInterrupt);
    std::signal(SIGHUP, onFleetInterrupt);  // a closed terminal: as SIGTERM
    auto outcomes = fleet::runOnDevices(plan.jobs, options, [&](std::size_t i) -> Observer& { return *observers[i]; },
                                        cancel, host, rank);
    fleetCancel = nullptr;

    int status = 0;
    fleet::FleetReport node;
    node.createdUtc = utcTimestamp();
    std::vector<int> measured;
    for (std::size_t i = 0; i < outcomes.size(); ++i) {
        const auto& o = outcomes[i];
        if (!o.ok) printMessage(stderr, "error: %s: %s\n", plan.jobs[i].label.c_str(), o.error.c_str());
        status = worstExitStatus(status, o.exitStatus);
        if (!r.quiet)
            printMessage(stderr, "[%s] %s in %.2f s, %zu bandwidth measurement(s) through the shared gate\n",
                         plan.jobs[i].label.c_str(), o.ok ? "finished" : "stopped", o.seconds, o.gatedBandwidthCalls);
        if (o.member.report.device.name.empty()) continue;  // the backend never opened: nothing to write
        node.members.push_back(o.member);
        if (o.ok) measured.push_back(static_cast<int>(i));
    }
    if (r.allDevices && !cancel.cancelled()) {
        node.peerLinks = app::measurePeerLinks(plan.backend, measured, host, node.notes);
        for (auto& link : node.peerLinks) {  // process indices -> the host's GPU indices
            link.fromDevice = plan.jobs[static_cast<std::size_t>(link.fromDevice)].deviceIndex;
            link.toDevice = plan.jobs[static_cast<std::size_t>(link.toDevice)].deviceIndex;
        }
        for (const auto& n : node.notes)
            if (!r.quiet) printMessage(stderr, "%s\n", n.c_str());
    }

    for (const auto& m : node.members) {
        const std::string name = "gpu" + std::to_string(m.deviceIndex) + ".json";
        if (!r.jsonDir.empty() && !attempt(r.jsonDir + "/" + name, [&] { writeReportFile(m.report, r.jsonDir + "/" + name); }))
            status = kExitRunFailed;
        const std::string member = r.fleetOut + "/" + fileSafe(host) + "-" + std::to_string(m.deviceIndex) + ".json";
        if (!r.fleetOut.empty() && !attempt(member, [&] { fleet::writeMemberFile(m, member); })) status = kExitRunFailed;
    }
    if (!node.peerLinks.empty()) {
        fleet::FleetReport links;
        links.createdUtc = node.createdUtc;
        links.peerLinks = node.peerLinks;
        links.notes.push_back("peer links of " + host + " (no members: the GPUs' reports are the other files)");
        for (const std::string& dir : {r.jsonDir, r.fleetOut}) {
            if (dir.empty()) continue;
            const std::string path = dir + "/" + fileSafe(host) + "-peers.json";
            if (!attempt(path, [&] { fleet::writeFleetReport(links, path); })) status = kExitRunFailed;
        }
    }
    if (!r.quiet && !node.members.empty()) {
        printPrintable(std::cout, [&](std::ostream& out) {
            out << "\n";
            printComparison(out, fleet::compare(node.members));
            printPeerLinks(out, node.peerLinks);
        });
    }
    if (cancel.cancelled()) status = kExitRunFailed;
    return status;
}

}  // namespace ts::cli
