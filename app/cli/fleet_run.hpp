#pragma once
// Discovery on several GPUs at once (--all-devices) and runs that leave a fleet member file
// per GPU (--fleet-out DIR, e.g. one Slurm task per GPU). docs/fleet.md describes both.
#include <string>
#include <vector>

#include "program_support/backend_factory.hpp"
#include "run/run_flags.hpp"

namespace ts::cli {

struct FleetRunRequest {
    app::BackendChoice choice;
    bool deviceGiven = false;              // --device on the command line
    std::vector<std::string> simProfiles;  // every --profile (the simulator's devices with --all-devices)
    bool allDevices = false;
    RunFlags runFlags;                     // --only, --wait-for-idle, --exclusive, --tlb-walk-gib
    std::string faultSpec;                 // --inject-fault: wrapped around every GPU's backend (a testing aid)
    std::string jsonDir;                   // --json with --all-devices: a folder, one report per GPU
    std::string fleetOut;                  // --fleet-out DIR
    bool quiet = false;
};

// The worst of the GPUs' exit statuses, as a single run's (0, 3 some benchmarks failed, 4 refused
// by --exclusive, 1 a GPU failed or an output could not be written); 2 (InputError): bad usage.
// Ctrl+C cancels every worker.
int runFleet(const FleetRunRequest& request);

}  // namespace ts::cli
