#include "cuda/nvml_processes.hpp"

#include <unistd.h>

#include <algorithm>
#include <fstream>

#include "cuda/nvml_api.hpp"

namespace ts::cuda {
namespace {

using nvml::Device;
using nvml::kSuccess;
using ListFn = nvml::Return (*)(Device, unsigned*, nvml::ProcessInfo*);

std::string nameOf(const nvml::Api& a, unsigned pid) {
    char buf[256] = {};
    if (a.processName && a.processName(pid, buf, sizeof buf) == kSuccess && buf[0]) {
        std::string full(buf);
        const auto slash = full.find_last_of('/');
        return slash == std::string::npos ? full : full.substr(slash + 1);
    }
    std::ifstream comm("/proc/" + std::to_string(pid) + "/comm");
    std::string name;
    std::getline(comm, name);
    return name;
}

// Appends the list's processes other than ours; false when the driver could not give it.
bool appendList(const nvml::Api& a, ListFn list, Device dev, const char* kind, GpuActivity& out) {
    if (!list) return false;
    std::vector<nvml::ProcessInfo> infos(16);
    for (int attempt = 0; attempt < 3; ++attempt) {
        auto count = static_cast<unsigned>(infos.size());
        const nvml::Return rc = list(dev, &count, infos.data());
        if (rc == nvml::kErrorInsufficientSize) {
            infos.resize(count + 8);
            continue;
        }
        if (rc != kSuccess) return false;
        const auto self = static_cast<unsigned>(getpid());
        for (unsigned i = 0; i < count && i < infos.size(); ++i) {
            if (infos[i].pid == self) continue;
            const bool seen = std::any_of(out.others.begin(), out.others.end(),
                                          [&](const ForeignProcess& p) { return p.pid == infos[i].pid && p.kind == kind; });
            if (!seen) out.others.push_back({infos[i].pid, nameOf(a, infos[i].pid), kind, infos[i].usedGpuMemory});
        }
        return true;
    }
    return false;
}

}  // namespace

GpuActivity readNvmlActivity(const std::string& uuid, const std::string& pciBusId) {
    GpuActivity activity;
    const nvml::Session session;
    if (!session.problem().empty()) {
        activity.problem = session.problem();
        return activity;
    }
    const nvml::Api& a = session.api();
    const Device dev = session.find({uuid}, pciBusId);
    if (!dev) {
        activity.problem = "NVML did not find the device by UUID or PCI bus id";
    } else {
        const bool compute = appendList(a, a.computeProcesses, dev, "compute", activity);
        const bool graphics = appendList(a, a.graphicsProcesses, dev, "graphics", activity);
        appendList(a, a.mpsProcesses, dev, "mps", activity);
        activity.known = compute || graphics;
        if (!activity.known) activity.problem = "NVML gave no process list";
        nvml::Utilization u{};
        if (a.utilization && a.utilization(dev, &u) == kSuccess) activity.utilisationPercent = static_cast<int>(u.gpu);
    }
    return activity;
}

}  // namespace ts::cuda
