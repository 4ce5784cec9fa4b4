// The simulator's bandwidth (issue 38, item 5): the level that serves a request follows from its
// working set through the simulated caches, never from the level the caller names.
#include <gtest/gtest.h>

#include "sim/bandwidth_model.hpp"
#include "sim/profile.hpp"
#include "sim/sim_backend.hpp"
#include "sim_test_profiles.hpp"

using namespace ts;
using sim_detail::BandwidthModel;
using sim_detail::ServedShare;

namespace {

constexpr double kGiB = 1024.0 * 1024.0 * 1024.0;

BandwidthRequest request(Space space, BandwidthSweep sweep, std::uint64_t bytes, int blocks, int threads, int inFlight = 4,
                         BandwidthOp op = BandwidthOp::Read) {
    BandwidthRequest r;
    r.op = op;
    r.space = space;
    r.sweep = sweep;
    r.bytes = bytes;
    r.blocks = blocks;
    r.threadsPerBlock = threads;
    r.loadsInFlight = inFlight;
    r.repetitions = 3;
    return r;
}

// GiB/s of `bytesPerCycle` on every SM of the profile.
double gibs(const SimProfile& p, double bytesPerCycle) {
    return bytesPerCycle * p.unitCount() * static_cast<double>(p.clockKhz) * 1000.0 / kGiB;
}

int cacheIndex(const SimProfile& p, const std::string& id) {
    for (std::size_t i = 0; i < p.caches.size(); ++i)
        if (p.caches[i].id == id) return static_cast<int>(i);
    return -100;
}

double shareOf(const std::vector<ServedShare>& shares, int cache) {
    for (const ServedShare& s : shares)
        if (s.cache == cache) return s.share;
    return 0;
}

}  // namespace

TEST(BandwidthModel, TheWorkingSetPicksTheLevel) {
    const SimProfile p = loadProfile("h100");
    SimBackend b(p);
    const int full = p.unitCount() * 2;
    // 64 KiB that every block reads through the L1: the L1 serves it at its bytes per cycle.
    const auto inL1 = request(Space::Global, BandwidthSweep::EveryBlock, 64 << 10, full, 1024);
    BandwidthModel model(p);
    EXPECT_GT(shareOf(model.readShares(inL1), cacheIndex(p, "l1")), 0.99);
    const double l1 = b.bandwidth(inL1).gibPerSecond;
    EXPECT_NEAR(l1, gibs(p, 64), gibs(p, 64) * 0.03);
    // The same request over 8 MiB, which no SM's L1 holds: the L2's figure, whatever was meant.
    auto pastL1 = inL1;
    pastL1.bytes = 8 << 20;
    EXPECT_LT(shareOf(model.readShares(pastL1), cacheIndex(p, "l1")), 0.05);
    EXPECT_NEAR(b.bandwidth(pastL1).gibPerSecond, 4529, 4529 * 0.03);
    // A request aimed at the L2 with a working set past it gets the device memory's figure.
    auto l2 = request(Space::GlobalL2, BandwidthSweep::Grid, 16 << 20, full, 1024);
    l2.target = BandwidthTarget::L2;
    EXPECT_NEAR(b.bandwidth(l2).gibPerSecond, 4529, 4529 * 0.03);
    l2.bytes = 256 << 20;
    EXPECT_NEAR(b.bandwidth(l2).gibPerSecond, 2600, 2600 * 0.03);
    EXPECT_GT(shareOf(model.readShares(l2), ServedShare::kDeviceMemory), 0.97);
}

TEST(BandwidthModel, ScratchpadAtItsBytesPerCycle) {
    const SimProfile p = loadProfile("h100");
    SimBackend b(p);
    const auto shared = request(Space::Shared, BandwidthSweep::EveryBlock, 32 << 10, p.unitCount() * 2, 1024);
    EXPECT_NEAR(b.bandwidth(shared).gibPerSecond, gibs(p, p.sharedMemory.bytesPerCycle), gibs(p, 128) * 0.03);
    auto grid = shared;
    grid.sweep = BandwidthSweep::Grid;
    EXPECT_THROW(b.bandwidth(grid), BackendError);
    auto tooLarge = shared;
    tooLarge.bytes = p.api.sharedMemPerBlock + 1;
    EXPECT_THROW(b.bandwidth(tooLarge), BackendError);
}

// Few warps leave the device memory idle: the bandwidth grows with the loads in flight until the
// memory's own limit, where Little's law (bytes in flight = latency x bandwidth) says.
TEST(BandwidthModel, OccupancyFollowsLittlesLaw) {
    const SimProfile p = loadProfile("h100");
    BandwidthModel model(p);
    const auto r = request(Space::GlobalL2, BandwidthSweep::Grid, 1ull << 30, p.unitCount(), 1024, 1);
    double previous = 0, plateau = model.readBytesPerCycle(r, 64, p.unitCount());
    int first90 = 0;
    for (int warps = 1; warps <= 64; ++warps) {
        const double rate = model.readBytesPerCycle(r, warps, p.unitCount());
        EXPECT_GE(rate, previous);
        previous = rate;
        if (first90 == 0 && rate >= 0.9 * plateau) first90 = warps;
    }
    const double memoryPerUnit = p.dram.readGibs * kGiB / (static_cast<double>(p.clockKhz) * 1000.0) / p.unitCount();
    EXPECT_NEAR(plateau, memoryPerUnit, memoryPerUnit * 0.02);
    // One 16-byte load a thread: a warp keeps 512 bytes in flight.
    const double littleWarps = p.dram.latency * memoryPerUnit / 512.0;
    EXPECT_GE(first90, littleWarps * 0.9);
    EXPECT_LE(first90, littleWarps * 2.0);
    // Four loads a thread reach it with a quarter of the warps.
    auto four = r;
    four.loadsInFlight = 4;
    EXPECT_NEAR(model.readBytesPerCycle(four, (first90 + 3) / 4, p.unitCount()), model.readBytesPerCycle(r, first90, p.unitCount()),
                plateau * 0.1);
}

TEST(BandwidthModel, StoresGoWhereTheWritePolicySendsThem) {
    SimProfile p = loadProfile("h100");
    const int full = p.unitCount() * 2;
    const auto stores = request(Space::Global, BandwidthSweep::EveryBlock, 64 << 10, full, 1024, 4, BandwidthOp::Write);
    const int l1 = cacheIndex(p, "l1"), l2 = cacheIndex(p, "l2");
    ASSERT_FALSE(p.caches[static_cast<std::size_t>(l1)].writeBack);  // the default of an SM-private cache
    {
        BandwidthModel model(p);
        // The L1 passes every store on; the write-back L2 keeps them.
        const auto traffic = model.storeTraffic(stores);
        EXPECT_DOUBLE_EQ(shareOf(traffic, l1), 1.0);
        EXPECT_DOUBLE_EQ(shareOf(traffic, l2), 1.0);
        EXPECT_LT(shareOf(traffic, ServedShare::kDeviceMemory), 0.01);
        EXPECT_NEAR(model.run(stores, 1).gibPerSecond, 3495, 3495 * 0.03);
    }
    p.caches[static_cast<std::size_t>(l2)].writeBack = false;  // a write-through L2: the memory takes every store
    {
        BandwidthModel model(p);
        EXPECT_DOUBLE_EQ(shareOf(model.storeTraffic(stores), ServedShare::kDeviceMemory), 1.0);
        EXPECT_NEAR(model.run(stores, 1).gibPerSecond, p.dram.writeGibs, p.dram.writeGibs * 0.03);
    }
    p.caches[static_cast<std::size_t>(l2)].writeBack = true;
    p.caches[static_cast<std::size_t>(l2)].writeAllocate = false;  // stores never bring a line in
    {
        BandwidthModel model(p);
        EXPECT_DOUBLE_EQ(shareOf(model.storeTraffic(stores), ServedShare::kDeviceMemory), 1.0);
    }
}

TEST(BandwidthModel, ProfileKeysAreRead) {
    nlohmann::json j = test::nvidiaTestProfile();
    j["caches"][0]["bytes_per_cycle"] = 96;
    j["caches"][0]["write"] = "back";
    j["caches"][0]["write_allocate"] = true;
    j["caches"][3]["write"] = "through";
    j["shared_memory"]["bytes_per_cycle"] = 64;
    j["compute"]["bytes_in_flight"] = 4096;
    const SimProfile p = parseProfile(j.dump(), "test");
    EXPECT_DOUBLE_EQ(p.caches[0].bytesPerCycle, 96);
    EXPECT_TRUE(p.caches[0].writeBack && p.caches[0].writeAllocate);
    EXPECT_FALSE(p.caches[1].writeBack || p.caches[1].writeAllocate);  // SM-private default
    EXPECT_FALSE(p.caches[3].writeBack);
    EXPECT_TRUE(p.caches[3].writeAllocate);  // GPU-wide default
    EXPECT_DOUBLE_EQ(p.sharedMemory.bytesPerCycle, 64);
    EXPECT_EQ(p.compute.bytesInFlight, 4096u);
    j["caches"][3]["write"] = "sometimes";
    EXPECT_THROW(parseProfile(j.dump(), "test"), std::exception);
}
