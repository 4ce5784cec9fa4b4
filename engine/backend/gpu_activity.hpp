#pragma once
// What the driver says about other users of the GPU (NVML on NVIDIA): their processes and how
// busy the GPU is. Only a hint: processes in other containers are invisible to it, so the
// engine's decisions rest on the measurements (docs/faults.md, "A shared GPU").
#include <cstdint>
#include <string>
#include <vector>

namespace ts {

struct ForeignProcess {
    unsigned pid = 0;
    std::string name;           // from /proc or the driver; empty when unknown
    std::string kind;           // "compute", "graphics" or "mps"
    std::uint64_t usedBytes = 0;
};

struct GpuActivity {
    bool known = false;                 // the driver could be asked
    std::string problem;                // why not (when !known)
    std::vector<ForeignProcess> others; // contexts of other processes on this GPU
    int utilisationPercent = -1;        // the driver's last sample of the busy share; -1 unknown
};

// "1234 stress (compute)"; the list joined with ", ".
std::string describeProcess(const ForeignProcess& p);
std::string describeProcesses(const std::vector<ForeignProcess>& ps);

}  // namespace ts
