#include "sim/bandwidth_model.hpp"

#include <algorithm>
#include <cmath>

#include "backend/rng.hpp"
#include "sim/cache_hierarchy.hpp"

namespace ts::sim_detail {
namespace {

constexpr double kGiB = 1024.0 * 1024.0 * 1024.0;
// +-0.4 % a repetition: two runs of one profile stay within 0.8 % of each other, inside the fleet
// rule's 1 % (fleet/outlier_rule.hpp), so noise alone never makes an outlier of a simulated GPU.
constexpr double kNoise = 0.004;
// Stand-ins where a profile gives no figure: an SM-private cache delivers 64 bytes a cycle, a
// GPU-wide one without read_gibs/write_gibs/bytes_per_cycle 2.5 times the device memory.
constexpr double kPrivateBytesPerCycle = 64;
constexpr double kSharedCacheOverMemory = 2.5;
// A stream this many times the capacity of the levels it passes leaves nothing in them (and is
// not walked: a GiB of device memory would take seconds).
constexpr std::uint64_t kStreamPastCapacity = 4;
// Loads a simulated pass walks at most (2 GiB of 128-byte lines). A longer stream more than twice
// the capacity is taken to pass every level (under LRU, FIFO and PLRU it does; random replacement
// would keep a few lines); a shorter one is walked in coarser steps, which touch fewer lines.
constexpr std::uint64_t kMostWalkedLoads = 1u << 24;
constexpr std::uint64_t kUnwalkedPastCapacity = 2;
constexpr int kBytesPerLoad = 16;  // 128-bit loads and stores

// The smaller of two limits, rounded where they meet as a real pipeline's curve is (an exponent
// of 4: 0.84 of either limit where they are equal, within 0.2 % once one is twice the other).
double smoothMin(double a, double b) {
    if (a <= 0 || b <= 0) return 0;
    return std::pow(std::pow(a, -4.0) + std::pow(b, -4.0), -0.25);
}

double harmonic(double a, double b) { return a > 0 && b > 0 ? 2.0 / (1.0 / a + 1.0 / b) : 0; }

bool isScratchpad(Space s) { return s == Space::Shared || s == Space::Lds; }

int activeUnitsOf(const SimProfile& p, const BandwidthRequest& r) { return std::max(1, std::min(r.blocks, p.unitCount())); }

}  // namespace

Space BandwidthModel::pathSpace(Space requested) const {
    if (profile_.vendor != Vendor::Amd) return requested;
    switch (requested) {
        case Space::Global: return Space::Vector;
        case Space::GlobalL2: return Space::VectorL2;
        case Space::Shared: return Space::Lds;
        default: return requested;
    }
}

std::uint64_t BandwidthModel::unitShare(const BandwidthRequest& r, int activeUnits) const {
    return r.sweep != BandwidthSweep::Grid ? r.bytes : std::max<std::uint64_t>(r.bytes / static_cast<std::uint64_t>(activeUnits), 1);
}

const std::vector<double>& BandwidthModel::secondPassShares(Space space, const std::vector<std::size_t>& caches,
                                                            std::uint64_t bytes) {
    const auto key = std::make_tuple(space, caches, bytes);
    if (auto it = memo_.find(key); it != memo_.end()) return it->second;
    std::vector<double> shares(caches.size() + 1, 0.0);
    shares.back() = 1.0;
    std::uint64_t capacity = 0, step = 0;
    for (std::size_t c : caches) {
        const SimCache& cache = profile_.caches[c];
        capacity += geometryOf(cache).size;  // the instance a unit fills (one segment of a segmented L2)
        step = step == 0 ? cache.line : std::min<std::uint64_t>(step, cache.line);
    }
    const bool tooLongToWalk = step > 0 && bytes / step > kMostWalkedLoads && bytes > kUnwalkedPastCapacity * capacity;
    if (!caches.empty() && bytes <= kStreamPastCapacity * capacity && !tooLongToWalk) {
        CacheHierarchy hierarchy(profile_);
        hierarchy.reset(profile_.noise.seed);
        LoadPath path = hierarchy.path(space, 0, 0);
        const std::vector<std::size_t> onPath = cachesOnPath(profile_, space);
        LoadPath walked;
        for (std::size_t c : caches)
            walked.levels.push_back(path.levels[static_cast<std::size_t>(std::find(onPath.begin(), onPath.end(), c) - onPath.begin())]);
        while (bytes / step > kMostWalkedLoads) step *= 2;
        const std::uint64_t loads = std::max<std::uint64_t>(bytes / step, 1);
        std::vector<std::uint64_t> served(caches.size() + 1, 0);
        for (int pass = 0; pass < 2; ++pass)
            for (std::uint64_t i = 0; i < loads; ++i) {
                const std::size_t level = walked.serve(kMainArrayAddress + i * step).level;
                if (pass == 1) ++served[level];
            }
        for (std::size_t i = 0; i < shares.size(); ++i) shares[i] = static_cast<double>(served[i]) / static_cast<double>(loads);
    }
    return memo_.emplace(key, std::move(shares)).first->second;
}

// Each level on the request's path with the share of the loads reaching it that it holds: an SM's
// own caches see its share of the working set, the GPU-wide ones all of it.
std::vector<ServedShare> BandwidthModel::holdShares(const BandwidthRequest& r) {
    const Space space = pathSpace(r.space);
    std::vector<std::size_t> unitPrivate, shared;
    for (std::size_t c : cachesOnPath(profile_, space)) (profile_.caches[c].isUnitPrivate() ? unitPrivate : shared).push_back(c);
    const int units = activeUnitsOf(profile_, r);
    const int copies = unitPrivate.empty() ? 1 : profile_.caches[unitPrivate.front()].perSm;
    std::vector<ServedShare> out;
    const auto add = [&](const std::vector<std::size_t>& caches, std::uint64_t bytes) {
        const std::vector<double> served = secondPassShares(space, caches, bytes);
        double reaching = 1.0;
        for (std::size_t i = 0; i < caches.size(); ++i) {
            out.push_back({static_cast<int>(caches[i]), reaching > 1e-12 ? served[i] / reaching : 0.0});
            reaching -= served[i];
        }
    };
    add(unitPrivate, unitShare(r, units) / static_cast<std::uint64_t>(copies));
    add(shared, r.bytes);
    return out;
}

std::vector<ServedShare> BandwidthModel::readShares(const BandwidthRequest& r) {
    if (isScratchpad(pathSpace(r.space))) return {{ServedShare::kScratchpad, 1.0}};
    std::vector<ServedShare> out;
    double reaching = 1.0;
    for (const ServedShare& level : holdShares(r)) {
        out.push_back({level.cache, reaching * level.share});
        reaching *= 1.0 - level.share;
    }
    out.push_back({ServedShare::kDeviceMemory, reaching});
    return out;
}

std::vector<ServedShare> BandwidthModel::storeTraffic(const BandwidthRequest& r) {
    if (isScratchpad(pathSpace(r.space))) return {{ServedShare::kScratchpad, 1.0}};
    // A line stays in a write-back cache that allocates on a store as it would stay for a load;
    // a write-through cache, or one that never takes a line a store missed, passes the stores on.
    std::vector<ServedShare> traffic;
    double reaching = 1.0;
    for (const ServedShare& level : holdShares(r)) {
        traffic.push_back({level.cache, reaching});
        const SimCache& c = profile_.caches[static_cast<std::size_t>(level.cache)];
        if (c.writeBack && c.writeAllocate) reaching *= 1.0 - level.share;
    }
    if (reaching > 1e-9) traffic.push_back({ServedShare::kDeviceMemory, reaching});
    return traffic;
}

double BandwidthModel::levelLatency(int cache) const {
    if (cache == ServedShare::kScratchpad) return profile_.sharedMemory.latency;
    if (cache == ServedShare::kDeviceMemory) return profile_.dram.latency;
    return profile_.caches[static_cast<std::size_t>(cache)].latency;
}

double BandwidthModel::levelBytesPerCycle(int cache, bool store, int activeUnits) const {
    const double hz = static_cast<double>(profile_.clockKhz) * 1000.0;
    const double units = activeUnits;
    const double memory = (store ? profile_.dram.writeGibs : profile_.dram.readGibs) * kGiB / hz;
    if (cache == ServedShare::kScratchpad) return profile_.sharedMemory.bytesPerCycle;
    if (cache == ServedShare::kDeviceMemory) return memory / units;
    const SimCache& c = profile_.caches[static_cast<std::size_t>(cache)];
    const double own = c.bytesPerCycle > 0 ? c.bytesPerCycle : kPrivateBytesPerCycle;
    // A CU group's cache (AMD's sL1d) serves its CUs together: each gets its share while all run.
    if (c.scope == CacheScope::CuGroup && !c.groups.empty())
        return own * static_cast<double>(c.groups.size()) / std::max<double>(units, static_cast<double>(c.groups.size()));
    if (c.isUnitPrivate()) return own * c.perSm;
    const double gibs = store ? c.writeGibs : c.readGibs;
    const double whole = gibs > 0 ? gibs * kGiB / hz : c.bytesPerCycle > 0 ? c.bytesPerCycle : kSharedCacheOverMemory * memory;
    return whole / units;
}

// A warp's load brings its lanes 16 bytes each (an AMD scalar load: 16 bytes for the wavefront).
double BandwidthModel::bytesPerWarpLoad(Space space) const {
    return pathSpace(space) == Space::Scalar ? kBytesPerLoad : static_cast<double>(profile_.compute.warpSize) * kBytesPerLoad;
}

// How many lanes receive each byte a level delivers: a broadcast gives a warp's lanes one address.
double BandwidthModel::lanesPerByte(Space space, LaneAccess lanes) const {
    return lanesPerLoadedByte(pathSpace(space), lanes, profile_.compute.warpSize);
}

// What one unit keeps outstanding: its warps' loads, at most bytes_in_flight.
double BandwidthModel::bytesInFlight(int warpsPerUnit, int loadsInFlight, double perWarpLoad) const {
    return std::min<double>(static_cast<double>(warpsPerUnit) * loadsInFlight * perWarpLoad, profile_.compute.bytesInFlight);
}

double BandwidthModel::levelReadPlateau(int cache, int activeUnits, int warpsPerUnit, int loadsInFlight, Space space,
                                        LaneAccess lanes) const {
    return smoothMin(bytesInFlight(warpsPerUnit, loadsInFlight, bytesPerWarpLoad(space)) / std::max(levelLatency(cache), 1.0),
                     levelBytesPerCycle(cache, false, activeUnits) * lanesPerByte(space, lanes));
}

double BandwidthModel::readBytesPerCycle(const BandwidthRequest& r, int warpsPerUnit, int activeUnits) {
    double latency = 0, limit = 0;
    for (const ServedShare& s : readShares(r)) {
        latency += s.share * levelLatency(s.cache);
        if (s.share > 1e-6) {
            const double cap = levelBytesPerCycle(s.cache, false, activeUnits) / s.share;
            limit = limit == 0 ? cap : std::min(limit, cap);
        }
    }
    return smoothMin(bytesInFlight(warpsPerUnit, r.loadsInFlight, bytesPerWarpLoad(r.space)) / std::max(latency, 1.0),
                     limit * lanesPerByte(r.space, r.lanes));
}

double BandwidthModel::storeBytesPerCycle(const BandwidthRequest& r, int warpsPerUnit, int activeUnits) {
    const std::vector<ServedShare> traffic = storeTraffic(r);
    double latency = 0, limit = 0;
    for (std::size_t i = 0; i < traffic.size(); ++i) {
        const double absorbed = traffic[i].share - (i + 1 < traffic.size() ? traffic[i + 1].share : 0.0);
        latency += absorbed * levelLatency(traffic[i].cache);  // a store holds its slot until the level that keeps it answers
        const double cap = levelBytesPerCycle(traffic[i].cache, true, activeUnits) / traffic[i].share;
        limit = limit == 0 ? cap : std::min(limit, cap);
    }
    return smoothMin(bytesInFlight(warpsPerUnit, r.loadsInFlight, bytesPerWarpLoad(r.space)) / std::max(latency, 1.0), limit);
}

BandwidthResult BandwidthModel::run(const BandwidthRequest& r, std::uint64_t seed) {
    const SimCompute& compute = profile_.compute;
    const int units = activeUnitsOf(profile_, r);
    const int warpsPerBlock = (r.threadsPerBlock + compute.warpSize - 1) / compute.warpSize;
    const int blocksPerUnit = std::min({(r.blocks + units - 1) / units, compute.maxBlocksPerSm,
                                        std::max(1, compute.maxThreadsPerSm / r.threadsPerBlock)});
    const int warps = blocksPerUnit * warpsPerBlock;
    double perUnit = 0;
    switch (r.op) {
        case BandwidthOp::Read: perUnit = readBytesPerCycle(r, warps, units); break;
        case BandwidthOp::Write: perUnit = storeBytesPerCycle(r, warps, units); break;
        case BandwidthOp::Copy: perUnit = harmonic(readBytesPerCycle(r, warps, units), storeBytesPerCycle(r, warps, units)); break;
    }
    const double rate = perUnit * units * static_cast<double>(profile_.clockKhz) * 1000.0 / kGiB;

    Rng rng(seed);
    double best = 0;
    for (int i = 0; i < r.repetitions; ++i) best = std::max(best, rate * (1.0 + kNoise * (2.0 * rng.unit() - 1.0)));

    BandwidthResult result;
    result.gibPerSecond = best;
    if (r.op != BandwidthOp::Copy) result.clockHz = static_cast<double>(profile_.clockKhz) * 1000.0;
    const double moved = static_cast<double>(r.bytes) *
                         static_cast<double>(sweepsOfWorkingSet(r.sweep, r.blocks, r.threadsPerBlock, compute.warpSize)) *
                         (r.op == BandwidthOp::Read ? lanesPerByte(r.space, r.lanes) : 1.0);
    result.seconds = best > 0 ? moved / (best * kGiB) : 0;
    if (r.op == BandwidthOp::Copy)
        result.vendorCopyGibPerSecond = 0.95 * rate * (1.0 + kNoise * (2.0 * rng.unit() - 1.0));
    return result;
}

}  // namespace ts::sim_detail
