#include "hip/hip_backend.hpp"

#include <algorithm>
#include <sstream>

#include <hip/hip_runtime_api.h>

#include "backend/device_backend.hpp"
#include "hip/bandwidth_runner.hpp"
#include "hip/chase_launcher.hpp"
#include "hip/cu_pinning.hpp"
#include "hip/device_query.hpp"
#include "hip/hip_error.hpp"
#include "hip/hip_runtime_loader.hpp"
#include "hip/sequence_chase.hpp"

#ifndef TOPOSCOPE_HIP_ARCHS_TEXT
#define TOPOSCOPE_HIP_ARCHS_TEXT ""
#endif

namespace ts {
namespace {

// Where KFD cannot say: gfx90a (MI200) and an MI300X in SPX mode.
amd::CuLayout fallbackLayout(const std::string& arch) {
    if (arch.rfind("gfx94", 0) == 0) return {8, 4, 1, 10};
    return {1, 8, 1, 16};
}

void requireKernelsFor(const std::string& arch) {
    const std::string built = TOPOSCOPE_HIP_ARCHS_TEXT;
    std::stringstream list(built);
    for (std::string a; std::getline(list, a, ',');)
        if (a == arch) return;
    throw BackendError("hip: this build has kernels for " + built + ", not for this " + arch +
                       " device (reconfigure with -DTOPOSCOPE_HIP_ARCHS=" + arch + " and a hipcc that knows it)");
}

class HipBackend final : public DeviceBackend {
public:
    explicit HipBackend(int device) {
        const int count = hipDeviceCount();
        if (const std::string problem = hipb::hipRuntimeProblem(); !problem.empty())
            throw BackendError("hip: " + problem + " (install ROCm's HIP runtime)");
        if (device < 0 || device >= count)
            throw BackendError("hip: device " + std::to_string(device) + " requested, " + std::to_string(count) +
                               " HIP device(s) present");
        hipb::check(hipSetDevice(device), "hipSetDevice(" + std::to_string(device) + ")");
        hipb::DeviceFacts facts = hipb::queryDevice(device);
        info_ = std::move(facts.info);
        requireKernelsFor(info_.arch);
        const amd::CuLayout fallback = fallbackLayout(info_.arch);
        const amd::CuLayout layout = facts.kfd ? amd::cuLayoutOf(*facts.kfd, fallback) : fallback;
        pinning_ = std::make_unique<hipb::CuPinning>(info_.unitCount, layout,
                                                     facts.kfd ? facts.kfd->activeCus : std::vector<int>{});
        pinning_->calibrate();
        info_.physicalUnitIds = pinning_->physicalUnits();
        if (static_cast<int>(info_.physicalUnitIds.size()) != info_.unitCount)
            info_.extra["units.reported"] = std::to_string(info_.unitCount);
        info_.unitCount = static_cast<int>(info_.physicalUnitIds.size());
        std::vector<std::string> notes = facts.notes;
        notes.insert(notes.end(), pinning_->notes().begin(), pinning_->notes().end());
        for (std::size_t i = 0; i < notes.size(); ++i) info_.extra["note." + std::to_string(i + 1)] = notes[i];

        ChaseLimits limits;
        limits.backend = "hip";
        const std::uint64_t global = std::min<std::uint64_t>(info_.totalGlobalBytes / 4, 0xffffffffull * 4);
        for (Space s : {Space::Vector, Space::VectorL2, Space::Scalar}) limits.set(s, global);
        limits.set(Space::Lds, hipk::kLdsBytes / 2);
        limits.scratchpadBytesPerBlock = hipk::kLdsBytes;
        limits.units = info_.unitCount;
        limits.firstOtherWarp = 1;  // wave 0 is the main chaser
        limits.warpsPerBlock = std::max(1, info_.maxThreadsPerBlock / std::max(1, info_.warpSize));
        limits.otherUnitOnPinnedQueues = true;
        limits.minRecordLoads = 1;
        const std::uint64_t l2 = info_.l2SizeBytes * std::max(1, info_.xcds);
        const std::uint64_t l3 = facts.kfd ? facts.kfd->l3Bytes * static_cast<std::uint64_t>(facts.kfd->l3Instances) : 0;
        flushBytes_ = std::clamp<std::uint64_t>(2 * (l2 + l3), 64ull << 20, std::max<std::uint64_t>(64ull << 20, info_.totalGlobalBytes / 8));
        chases_ = std::make_unique<hipb::ChaseLauncher>(*pinning_, limits, flushBytes_);
        sequences_ = std::make_unique<hipb::SequenceChaser>(flushBytes_);
    }

    std::string kind() const override { return "hip"; }
    DeviceInfo queryDevice() override { return info_; }
    bool supports(Space s) const override { return chases_->limits().supports(s); }
    std::uint64_t maxArrayBytes(Space s) const override { return chases_->limits().maxArrayBytes(s); }
    std::vector<std::uint32_t> measureTimerOverhead(int samples) override { return chases_->timerOverhead(samples); }
    ChaseResult chase(const ChaseRequest& request) override { return chases_->run(request); }
    BandwidthResult bandwidth(const BandwidthRequest& request) override { return bandwidth_.run(request); }
    ChaseResult chaseSequence(const SequenceChase& request) override { return sequences_->run(request); }

private:
    DeviceInfo info_;
    std::uint64_t flushBytes_ = 0;
    std::unique_ptr<hipb::CuPinning> pinning_;
    std::unique_ptr<hipb::ChaseLauncher> chases_;
    std::unique_ptr<hipb::SequenceChaser> sequences_;
    hipb::BandwidthRunner bandwidth_;
};

}  // namespace

std::unique_ptr<Backend> makeHipBackend(int device) { return std::make_unique<HipBackend>(device); }

int hipDeviceCount() {
    int count = 0;
    if (hipGetDeviceCount(&count) != hipSuccess) return 0;
    return std::max(0, count);
}

}  // namespace ts
