#pragma once
// Which GPUs a fleet run (--all-devices, --fleet-out, toposcope-mpi) measures, and the peer
// links between them.
#include <string>
#include <vector>

#include "program_support/backend_factory.hpp"
#include "fleet/device_run.hpp"
#include "fleet/fleet_report.hpp"

namespace ts::app {

struct DevicePlan {
    std::string backend;                 // resolved: "cuda", "hip" or "sim"
    std::vector<fleet::DeviceJob> jobs;
};

// --all-devices: every visible GPU of the backend (auto: CUDA if it sees a GPU, else HIP, else
// the simulator). The simulator has one device per entry of `simProfiles` (none: one h100).
// Throws BackendError when a real backend sees no GPU.
DevicePlan allDevices(const BackendChoice& choice, const std::vector<std::string>& simProfiles,
                      std::vector<std::string>& notes);

// One GPU: choice.device (the simulator: choice.profile).
DevicePlan oneDevice(const BackendChoice& choice, std::vector<std::string>& notes);

// The index a GPU has on its host: CUDA_VISIBLE_DEVICES / HIP_VISIBLE_DEVICES / ROCR_VISIBLE_DEVICES
// map the process's index back to the host's when they list plain numbers; else `index` itself.
int hostDeviceIndex(const std::string& backend, int index);

// Launcher-given identity of this process: SLURM_PROCID, OMPI_COMM_WORLD_RANK, PMI_RANK (else 0)
// and SLURM_LOCALID, OMPI_COMM_WORLD_LOCAL_RANK, MPI_LOCALRANKID (else -1).
int launcherRank();
int launcherLocalRank();

// GPU-to-GPU copy bandwidth and latency for every ordered pair of `devices` (CUDA only;
// other backends get no links and a note saying why).
std::vector<fleet::PeerLink> measurePeerLinks(const std::string& backend, const std::vector<int>& devices,
                                              const std::string& host, std::vector<std::string>& notes);

}  // namespace ts::app
