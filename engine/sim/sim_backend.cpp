#include "sim/sim_backend.hpp"

#include <algorithm>
#include <numeric>
#include <utility>

#include "backend/chase_check.hpp"
#include "sim/bandwidth_model.hpp"
#include "sim/load_noise.hpp"
#include "sim/profile_check.hpp"
#include "sim/sm_layout.hpp"
#include "backend/rng.hpp"

namespace ts {
namespace {

using sim_detail::LoadPath;

constexpr std::uint64_t kGiB = 1ull << 30;
constexpr std::uint64_t kMainBase = sim_detail::kMainArrayAddress;
constexpr std::uint64_t kAddressLimit = 1ull << 42;          // what the cache tag store can hold
constexpr std::uint64_t kMaxRecordLoads = 1ull << 26;
constexpr std::uint64_t kMaxTotalLoads = 1ull << 31;         // ~100 s of simulation; keeps LRU clocks in range
constexpr int kMaxTimerSamples = 1 << 24;

bool isScratchpad(Space s) { return s == Space::Shared || s == Space::Lds; }

std::uint64_t alignUp(std::uint64_t v, std::uint64_t a) { return (v + a - 1) / a * a; }

// One pointer chase over one array: element i holds i + stride (mod array).
// With a permutation step, element i holds i + step instead (one cycle over every stride-aligned
// element, scattered over the array); a pass is still bytes / stride loads.
class Chaser {
public:
    Chaser(std::uint64_t base, std::uint64_t bytes, std::uint64_t stride, LoadPath path, std::uint64_t step = 0)
        : base_(base), bytes_(bytes), stride_(step ? step : stride), perPass_(bytes / stride), path_(std::move(path)) {}

    std::uint64_t loadsPerPass() const { return perPass_; }
    void restart() { offset_ = 0; }
    std::uint32_t step() {
        const std::uint32_t cycles = path_.load(base_ + offset_);
        offset_ += stride_;
        if (offset_ >= bytes_) offset_ -= bytes_;
        return cycles;
    }
    void run(std::uint64_t loads) {
        for (std::uint64_t i = 0; i < loads; ++i) step();
    }

private:
    std::uint64_t base_, bytes_, stride_, perPass_;
    std::uint64_t offset_ = 0;
    LoadPath path_;
};

// ChaseRequest::blockWarmup and SecondChaser::blockRead: the block reads (or, storeWarmup, writes)
// the chase's elements (every `stride` bytes) in address order, `passes` times.
void blockWarmup(const LoadPath& path, std::uint64_t base, std::uint64_t bytes, std::uint64_t stride,
                 std::uint32_t passes, bool stores = false) {
    for (std::uint32_t pass = 0; pass < passes; ++pass)
        for (std::uint64_t offset = 0; offset < bytes; offset += stride)
            stores ? path.store(base + offset) : (void)path.load(base + offset);
}

}  // namespace

namespace {

// A profile built or edited in code has not been through parseProfile.
SimProfile checked(SimProfile p) {
    for (SimCache& c : p.caches) {  // the JSON defaults of omitted keys
        if (c.sector == 0) c.sector = c.line;
        if (c.farLatency == 0) c.farLatency = c.latency;
    }
    sim_detail::checkProfile(p, sim_detail::ProfileReader(p.origin.empty() ? "profile" : p.origin, false, nullptr));
    if (p.dram.latency == 0 || p.sharedMemory.latency == 0 || p.compute.warpSize < 1 || p.compute.maxThreadsPerSm < 1)
        throw ProfileError((p.origin.empty() ? "profile" : p.origin) + ": latencies and thread counts must be positive");
    return p;
}

}  // namespace

SimBackend::SimBackend(SimProfile profile)
    : profile_(checked(std::move(profile))), limits_(chaseLimits(profile_)), hierarchy_(profile_), bandwidth_(profile_) {}

DeviceInfo SimBackend::queryDevice() { return deviceInfoFrom(profile_); }

bool SimBackend::supports(Space space) const { return limits_.supports(space); }

std::uint64_t SimBackend::maxArrayBytes(Space space) const { return limits_.maxArrayBytes(space); }

std::uint64_t SimBackend::nextSeed() { return sim_detail::mixSeed(profile_.noise.seed, calls_++); }

void SimBackend::reject(const std::string& problem) const {
    throw BackendError("sim (" + profile_.origin + "): " + problem);
}

std::vector<std::uint32_t> SimBackend::measureTimerOverhead(int samples) {
    if (samples < 0 || samples > kMaxTimerSamples)
        reject("timer overhead: " + std::to_string(samples) + " samples requested (0.." +
               std::to_string(kMaxTimerSamples) + ")");
    SimNoise jitterOnly = profile_.noise;
    jitterOnly.outlierRate = 0;
    sim_detail::LoadNoise noise(jitterOnly, nextSeed());
    std::vector<std::uint32_t> out(static_cast<std::size_t>(samples));
    for (auto& v : out) v = noise.apply(profile_.timerOverhead);
    return out;
}

ChaseLimits SimBackend::chaseLimits(const SimProfile& p) {
    ChaseLimits lim;
    lim.backend = "sim (" + p.origin + ")";
    const bool nvidia = p.vendor == Vendor::Nvidia;
    for (Space s : {Space::Global, Space::GlobalL2, Space::ReadOnly})
        lim.set(s, nvidia ? p.api.totalGlobalMem : 0, true);
    lim.set(Space::Texture, nvidia ? p.api.totalGlobalMem : 0);
    lim.set(Space::Constant, nvidia ? p.api.totalConstMem : 0);
    lim.set(Space::Shared, nvidia ? p.api.sharedMemPerBlock : 0);
    for (Space s : {Space::Vector, Space::VectorL2}) lim.set(s, nvidia ? 0 : p.api.totalGlobalMem, true);
    lim.set(Space::Scalar, nvidia ? 0 : p.api.totalGlobalMem);
    lim.set(Space::Lds, nvidia ? 0 : p.api.sharedMemPerBlock);
    // As many constant banks as the CUDA backend's modules give a second chaser.
    lim.secondConstantBytes = 8 * p.api.totalConstMem;
    lim.scratchpadBytesPerBlock = p.api.sharedMemPerBlock;
    lim.units = p.unitCount();
    lim.warpsPerBlock = p.compute.maxThreadsPerSm / p.compute.warpSize;
    lim.maxRecordLoads = kMaxRecordLoads;
    lim.maxTotalLoads = kMaxTotalLoads;
    return lim;
}

void SimBackend::validate(const ChaseRequest& r) const {
    checkChaseRequest(r, limits_);
    const std::uint64_t secondBytes = r.second ? secondArrayOf(r).bytes : 0;
    if (kMainBase + alignUp(r.arrayBytes, kGiB) + secondBytes > kAddressLimit) reject("arrays too large to simulate");
}

ChaseResult SimBackend::chase(const ChaseRequest& r) {
    validate(r);
    const std::uint64_t seed = r.shownOnly ? sim_detail::mixSeed(~profile_.noise.seed, shownOnlyCalls_++) : nextSeed();
    hierarchy_.reset(seed);
    sim_detail::LoadNoise noise(profile_.noise, sim_detail::mixSeed(seed, 0x6e6f697365));

    const int unit = r.unit < 0 ? 0 : r.unit;
    ChaseResult result;
    result.ranOnUnit = profile_.physicalUnit(unit);
    // Watched like the CUDA backend's main thread; the simulated GPU has no other context, so
    // no step between timed loads ever stalls (fault injection adds them).
    result.untimedWatched = !r.second || r.second->placement == Placement::SameThread;
    result.latencies.reserve(r.recordLoads);

    if (isScratchpad(r.space)) {
        if (r.second) {
            const int secondUnit = r.second->placement == Placement::OtherUnit ? r.second->unit : unit;
            result.secondRanOnUnit = profile_.physicalUnit(secondUnit);
        }
        for (std::uint32_t i = 0; i < r.recordLoads; ++i) result.latencies.push_back(noise.apply(profile_.sharedMemory.latency));
        return result;
    }

    const LoadPath mainPath = hierarchy_.path(r.space, unit, 0);
    Chaser main(kMainBase, r.arrayBytes, r.strideBytes, mainPath, r.permutationStepBytes);
    if (r.blockWarmup) blockWarmup(mainPath, kMainBase, r.arrayBytes, r.strideBytes, r.warmupPasses, r.storeWarmup);
    else main.run(std::uint64_t{r.warmupPasses} * main.loadsPerPass());

    if (r.second) {
        const SecondChaser& s = *r.second;
        const SecondArray a = secondArrayOf(r);
        const int secondUnit = s.placement == Placement::OtherUnit ? s.unit : unit;
        const int secondWarp = s.placement == Placement::OtherWarp ? s.warp : 0;
        result.secondRanOnUnit = profile_.physicalUnit(secondUnit);
        if (!isScratchpad(s.space)) {
            const std::uint64_t base = s.sameArray ? kMainBase : kMainBase + alignUp(r.arrayBytes, kGiB);
            const LoadPath path = hierarchy_.path(s.space, secondUnit, secondWarp);
            if (s.blockRead) {
                blockWarmup(path, base, a.bytes, a.strideBytes, s.passes);
            } else {
                Chaser other(base, a.bytes, a.strideBytes, path);
                other.run(std::uint64_t{s.passes} * other.loadsPerPass());
            }
        }
    }

    main.restart();
    for (std::uint32_t i = 0; i < r.recordLoads; ++i) {
        result.latencies.push_back(noise.apply(main.step()));
        main.run(r.recordEvery - 1);
    }
    return result;
}

ClusterPlacement SimBackend::clusterPlacement(const ClusterPlacementRequest& request) {
    return sim_detail::placeClusters(profile_, request, sim_detail::mixSeed(profile_.noise.seed ^ 0xc1u, clusterCalls_++));
}

BandwidthResult SimBackend::bandwidth(const BandwidthRequest& r) {
    if (r.bytes == 0) reject("bandwidth: bytes must be positive");
    if (r.blocks <= 0) reject("bandwidth: blocks must be positive");
    if (r.threadsPerBlock <= 0 || r.threadsPerBlock > profile_.compute.maxThreadsPerBlock)
        reject("bandwidth: threadsPerBlock " + std::to_string(r.threadsPerBlock) + " out of range (1.." +
               std::to_string(profile_.compute.maxThreadsPerBlock) + ")");
    if (r.repetitions <= 0 || r.repetitions > 100000) reject("bandwidth: repetitions must be in 1..100000");
    if (r.bytes > profile_.api.totalGlobalMem) reject("bandwidth: working set exceeds device memory");
    if (r.loadsInFlight < 1 || r.loadsInFlight > 8) reject("bandwidth: loadsInFlight must be in 1..8");
    const bool scratchpad = r.space == Space::Shared || r.space == Space::Lds;
    if (scratchpad && r.bytes > profile_.api.sharedMemPerBlock)
        reject("bandwidth: a block's scratchpad holds at most " + std::to_string(profile_.api.sharedMemPerBlock) + " bytes");
    if (scratchpad && r.sweep != BandwidthSweep::EveryBlock) reject("bandwidth: a scratchpad is swept by every block");
    if (r.sweep == BandwidthSweep::EveryWarp && r.op != BandwidthOp::Read) reject("bandwidth: every warp sweeping the array is for reads");
    const bool readOnlySpace = r.space == Space::Texture || r.space == Space::ReadOnly || r.space == Space::Constant || r.space == Space::Scalar;
    if (readOnlySpace && r.op != BandwidthOp::Read)
        reject("bandwidth: the " + std::string(toString(r.space)) + " space is read only");
    if (r.space == Space::Constant && r.bytes > profile_.api.totalConstMem)
        reject("bandwidth: the constant space holds at most " + std::to_string(profile_.api.totalConstMem) + " bytes");
    return bandwidth_.run(r, nextSeed());
}

}  // namespace ts
