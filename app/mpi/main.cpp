// toposcope-mpi: TopoScope on every GPU of a cluster through MPI. Each rank measures its GPU
// (or, with --all-devices, every GPU of its node), rank 0 gathers the reports into one fleet
// report. docs/fleet.md has the mpirun and sbatch recipes.
#include <mpi.h>

#include <CLI/CLI.hpp>

#include <cstdio>
#include <filesystem>
#include <iostream>

#include "program_support/fleet_devices.hpp"
#include "program_support/outputs_naming_inputs.hpp"
#include "program_support/run_flag_options.hpp"
#include "program_support/memory_reserve.hpp"
#include "program_support/standard_streams.hpp"
#include "fleet/compare.hpp"
#include "fleet/member_identity.hpp"
#include "io/input_error.hpp"
#include "io/json_file.hpp"
#include "io/json_input.hpp"
#include "model/timestamp.hpp"
#include "run/exit_status.hpp"
#include "run/run_flags.hpp"

namespace {

using ts::kExitBadInput;
constexpr int kExitFailed = ts::kExitRunFailed;

struct Options {
    ts::app::BackendChoice choice;
    std::vector<std::string> profiles;
    ts::RunFlags runFlags;
    bool allDevices = false;
    std::string out = "fleet.json";
    std::string compareJson;
    bool quiet = false;
};

class Silent : public ts::Observer {};

// This rank's GPU(s), measured, as a partial fleet report; `status`: the worst of their runs' exit
// statuses.
ts::fleet::FleetReport measureHere(const Options& o, int rank, int localRank, bool deviceGiven, int& status) {
    ts::fleet::FleetReport part;
    const ts::DiscoveryOptions options = ts::discoveryOptions(o.runFlags);
    ts::app::BackendChoice choice = o.choice;
    if (!o.profiles.empty()) choice.profile = o.profiles.front();
    if (!deviceGiven) choice.device = localRank;  // rank per GPU: the node-local rank picks the GPU
    const auto plan = o.allDevices ? ts::app::allDevices(choice, o.profiles, part.notes)
                                   : ts::app::oneDevice(choice, part.notes);
    const std::string host = ts::fleet::localHostName();
    std::vector<std::unique_ptr<Silent>> observers;
    for (std::size_t i = 0; i < plan.jobs.size(); ++i) observers.push_back(std::make_unique<Silent>());
    ts::CancelToken cancel;
    const auto outcomes = ts::fleet::runOnDevices(
        plan.jobs, options, [&](std::size_t i) -> ts::Observer& { return *observers[i]; }, cancel, host, rank);
    std::vector<int> measured;
    for (std::size_t i = 0; i < outcomes.size(); ++i) {
        status = ts::worstExitStatus(status, outcomes[i].exitStatus);
        if (!outcomes[i].ok)
            part.notes.push_back(host + " rank " + std::to_string(rank) + " " + plan.jobs[i].label + ": " + outcomes[i].error);
        if (outcomes[i].member.report.device.name.empty()) continue;
        part.members.push_back(outcomes[i].member);
        if (outcomes[i].ok) measured.push_back(static_cast<int>(i));
    }
    if (o.allDevices) {
        part.peerLinks = ts::app::measurePeerLinks(plan.backend, measured, host, part.notes);
        for (auto& link : part.peerLinks) {
            link.fromDevice = plan.jobs[static_cast<std::size_t>(link.fromDevice)].deviceIndex;
            link.toDevice = plan.jobs[static_cast<std::size_t>(link.toDevice)].deviceIndex;
        }
    }
    return part;
}

// Every rank's text to rank 0 (MPI_Gather of the lengths, MPI_Gatherv of the bytes).
std::vector<std::string> gatherToRoot(const std::string& mine, int rank, int size) {
    int length = static_cast<int>(mine.size());
    std::vector<int> lengths(rank == 0 ? size : 0);
    MPI_Gather(&length, 1, MPI_INT, lengths.data(), 1, MPI_INT, 0, MPI_COMM_WORLD);
    std::vector<int> offsets(lengths.size(), 0);
    std::size_t total = 0;
    for (std::size_t i = 0; i < lengths.size(); ++i) {
        offsets[i] = static_cast<int>(total);
        total += static_cast<std::size_t>(lengths[i]);
    }
    std::vector<char> all(rank == 0 ? total : 0);
    MPI_Gatherv(mine.data(), length, MPI_CHAR, all.data(), lengths.data(), offsets.data(), MPI_CHAR, 0, MPI_COMM_WORLD);
    std::vector<std::string> texts;
    for (std::size_t i = 0; i < lengths.size(); ++i)
        texts.emplace_back(all.data() + offsets[i], static_cast<std::size_t>(lengths[i]));
    return texts;
}

int nodeLocalRank() {
    MPI_Comm local;
    MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &local);
    int rank = 0;
    MPI_Comm_rank(local, &rank);
    MPI_Comm_free(&local);
    return rank;
}

}  // namespace

int main(int argc, char** argv) {
    ts::app::prepareStandardStreams();
    ts::app::holdMemoryReserve();
    MPI_Init(&argc, &argv);
    int rank = 0, size = 1;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    CLI::App app{"TopoScope over MPI: every rank measures its GPU(s), rank 0 writes one fleet report", "toposcope-mpi"};
    Options o;
    app.add_option("--backend", o.choice.backend, "auto, cuda, hip or sim")->check(CLI::IsMember({"auto", "cuda", "hip", "sim"}));
    auto* device = app.add_option("--device", o.choice.device, "GPU index (default: the rank's node-local rank)")
                       ->check(CLI::NonNegativeNumber);
    app.add_option("--profile", o.profiles, "simulator profile (repeat with --all-devices: one simulated GPU each)");
    ts::app::addRunFlagOptions(app, o.runFlags);
    app.add_flag("--all-devices", o.allDevices, "one rank per node: measure every GPU of the node concurrently");
    app.add_option("--out", o.out, "fleet report written by rank 0 (default fleet.json)");
    app.add_option("--compare-json", o.compareJson, "rank 0 also writes the comparison (toposcope-compare/1)");
    app.add_flag("--quiet", o.quiet, "rank 0 prints no table");
    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        const int code = rank == 0 ? app.exit(e) : 0;
        MPI_Finalize();
        return e.get_exit_code() == 0 ? code : kExitBadInput;
    }

    // Every rank takes part in the gather, also one whose run failed: it sends its error.
    std::string mine;
    int status = 0;
    bool outputsRefused = false;  // an output names an input or the other output: rank 0 writes nothing
    try {
        if (o.profiles.size() > 1 && !o.allDevices) throw ts::InputError("--profile given several times without --all-devices");
        std::vector<std::string> profileFiles;
        for (const auto& p : o.profiles)
            if (std::error_code probe; std::filesystem::is_regular_file(p, probe)) profileFiles.push_back(p);
        try {
            ts::app::refuseOutputsNamingInputs({{"--out", o.out}, {"--compare-json", o.compareJson}}, profileFiles);
        } catch (const ts::InputError&) {
            outputsRefused = true;
            throw;
        }
        mine = ts::fleet::fleetToJson(measureHere(o, rank, nodeLocalRank(), device->count() > 0, status)).dump();
    } catch (const std::exception& e) {
        std::fprintf(stderr, "rank %d: error: %s\n", rank, e.what());
        ts::fleet::FleetReport failed;
        failed.notes.push_back("rank " + std::to_string(rank) + " on " + ts::fleet::localHostName() + ": " + e.what());
        mine = ts::fleet::fleetToJson(failed).dump();
        status = dynamic_cast<const ts::InputError*>(&e) ? kExitBadInput : kExitFailed;
    }
    const auto texts = gatherToRoot(mine, rank, size);

    if (rank == 0 && !outputsRefused) {
        ts::fleet::FleetReport fleet;
        fleet.createdUtc = ts::utcTimestamp();
        fleet.notes.push_back("gathered by toposcope-mpi from " + std::to_string(size) + " rank(s)");
        for (int r = 0; r < size; ++r) {
            try {
                const std::string origin = "rank " + std::to_string(r);
                auto part = ts::fleet::fleetFromJson(ts::parseJsonText(texts[static_cast<std::size_t>(r)], origin), origin);
                for (auto& m : part.members) fleet.members.push_back(std::move(m));
                for (auto& l : part.peerLinks) fleet.peerLinks.push_back(std::move(l));
                for (auto& n : part.notes) fleet.notes.push_back(std::move(n));
            } catch (const std::exception& e) {
                fleet.notes.push_back(std::string("rank ") + std::to_string(r) + ": unreadable report: " + e.what());
                status = ts::worstExitStatus(status, kExitFailed);
            }
        }
        const auto comparison = ts::fleet::compare(fleet.members);
        try {
            ts::fleet::writeFleetReport(fleet, o.out);
            if (!o.compareJson.empty())
                ts::writeJsonFile(ts::fleet::comparisonToJson(comparison, fleet.members), o.compareJson);
        } catch (const std::exception& e) {
            std::fprintf(stderr, "error: %s\n", e.what());
            status = ts::worstExitStatus(status, kExitFailed);
        }
        if (!o.quiet) {
            std::printf("fleet report: %s (%zu GPU(s) from %d rank(s), %zu outlier(s))\n", o.out.c_str(),
                        fleet.members.size(), size, comparison.outlierCount());
            for (std::size_t i = 0; i < comparison.cells.size(); ++i)
                for (std::size_t a = 0; a < comparison.attributes.size(); ++a)
                    if (comparison.cells[i][a].outlier)
                        std::printf("outlier: %s: %s\n", comparison.memberLabels[i].c_str(), comparison.attributes[a].id.c_str());
            for (const auto& n : fleet.notes) std::printf("note: %s\n", n.c_str());
            for (const auto& n : comparison.notes) std::printf("note: %s\n", n.c_str());
        }
    }
    // Rank 0's exit status carries every rank's: the worst, as worstExitStatus orders them.
    std::vector<int> statuses(rank == 0 ? size : 0);
    MPI_Gather(&status, 1, MPI_INT, statuses.data(), 1, MPI_INT, 0, MPI_COMM_WORLD);
    int worst = status;
    for (const int s : statuses) worst = ts::worstExitStatus(worst, s);
    MPI_Finalize();
    return rank == 0 ? worst : status;
}
