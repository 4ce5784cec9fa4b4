// Issue 38: the roofline (every level's read and write bandwidth against occupancy) against the
// simulator's truth: each level's bytes per cycle per SM/CU from the profile, and Little's law on
// its curve.
#include <gtest/gtest.h>

#include "model/attribute_names.hpp"
#include "sim/profile.hpp"
#include "simulated_runs.hpp"

using namespace ts;

namespace {

constexpr double kGiB = 1024.0 * 1024.0 * 1024.0;

double perUnitCycle(const SimProfile& p, double gibs) {
    return gibs * kGiB / (static_cast<double>(p.clockKhz) * 1000.0) / p.unitCount();
}

const SimCache& cache(const SimProfile& p, const std::string& id) {
    for (const SimCache& c : p.caches)
        if (c.id == id) return c;
    throw std::runtime_error("no cache " + id);
}

void expectBytesPerCycle(const Topology& t, Element e, double truth, const char* perCycle = attr::readBytesPerCycle,
                         const char* warpsName = attr::warpsAt90) {
    const Attribute* a = t.find(e, perCycle);
    ASSERT_NE(a, nullptr) << toString(e) << " " << perCycle;
    EXPECT_GT(a->confidence, 0.5) << a->reason;
    EXPECT_NEAR(a->value, truth, truth * 0.03) << toString(e) << " " << perCycle;
    const Attribute* warps = t.find(e, warpsName);
    ASSERT_NE(warps, nullptr);
    EXPECT_GE(warps->value, 1);
}

}  // namespace

TEST(RooflineSim, EveryLevelOfTheH100AtItsBytesPerCycle) {
    const SimProfile p = loadProfile("h100");
    const Topology t = test::simulate(p, {"roofline"});
    const SimCache& l1 = cache(p, "l1");
    const double l1PerCycle = (l1.bytesPerCycle > 0 ? l1.bytesPerCycle : 64) * l1.perSm;
    expectBytesPerCycle(t, Element::L1, l1PerCycle);
    expectBytesPerCycle(t, Element::ReadOnly, l1PerCycle);  // one cache with the L1 and the texture path
    expectBytesPerCycle(t, Element::Texture, l1PerCycle);
    // The constant cache gives each address once: spread over the lanes its own figure, broadcast
    // to a warp's 32 lanes 32 times it.
    const double constant = cache(p, "cl1").bytesPerCycle;
    expectBytesPerCycle(t, Element::ConstantL1, constant);
    expectBytesPerCycle(t, Element::ConstantL1, 32 * constant, attr::broadcastBytesPerCycle, attr::broadcastWarpsAt90);
    expectBytesPerCycle(t, Element::Shared, p.sharedMemory.bytesPerCycle);
    expectBytesPerCycle(t, Element::Shared, p.sharedMemory.bytesPerCycle, attr::writeBytesPerCycle, attr::writeWarpsAt90);
    expectBytesPerCycle(t, Element::L2, perUnitCycle(p, cache(p, "l2").readGibs));
    expectBytesPerCycle(t, Element::L2, perUnitCycle(p, cache(p, "l2").writeGibs), attr::writeBytesPerCycle, attr::writeWarpsAt90);
    expectBytesPerCycle(t, Element::DeviceMemory, perUnitCycle(p, p.dram.readGibs));
    expectBytesPerCycle(t, Element::DeviceMemory, perUnitCycle(p, p.dram.writeGibs), attr::writeBytesPerCycle, attr::writeWarpsAt90);
    for (const char* name : {attr::readBandwidth, attr::writeBandwidth})
        EXPECT_NE(t.find(Element::DeviceMemory, name), nullptr) << name;
    // The roofline reads and writes; the bandwidth group, not selected, copied nothing.
    EXPECT_EQ(t.find(Element::DeviceMemory, attr::copyBandwidth), nullptr);
    EXPECT_NE(t.findSeries("constant_l1.broadcast.occupancy"), nullptr);
    EXPECT_NE(t.findSeries("shared.write.occupancy"), nullptr);
}

// AMD's scalar cache, shared by a group of CUs: each CU gets its share while all of them load.
TEST(RooflineSim, TheScalarCacheOfTheMi300xSharedByItsCus) {
    const SimProfile p = loadProfile("mi300x");
    const Topology t = test::simulate(p, {"roofline"});
    const SimCache& scalar = cache(p, "sl1d");
    const double perCu = (scalar.bytesPerCycle > 0 ? scalar.bytesPerCycle : 64) * static_cast<double>(scalar.groups.size()) / p.unitCount();
    expectBytesPerCycle(t, Element::SL1D, perCu);
    expectBytesPerCycle(t, Element::Lds, p.sharedMemory.bytesPerCycle, attr::writeBytesPerCycle, attr::writeWarpsAt90);
}

// An L3 not measured in the run keeps part of a 1 GiB stream (a random-replacement 384 MiB one
// here): the working set grows until it no longer does, so the memory's figure is the memory's.
TEST(RooflineSim, TheMemoryPastAnUnmeasuredL3) {
    SimProfile p = loadProfile("mi300x");
    for (SimCache& c : p.caches)
        if (c.id == "infinity_cache") c.size = 384ull << 20, c.policy = CachePolicy::Random;
    const Topology t = test::simulate(p, {"roofline"});
    expectBytesPerCycle(t, Element::DeviceMemory, perUnitCycle(p, p.dram.readGibs));
    expectBytesPerCycle(t, Element::Lds, p.sharedMemory.bytesPerCycle);
    EXPECT_NE(t.find(Element::DeviceMemory, attr::readBandwidth)->reason.find("doubled"), std::string::npos);
}

// Little's law is checked where the run measured the level's latency, and holds on the simulator
// (whose loads wait no longer under load than alone).
TEST(RooflineSim, LittlesLawAgreesWhereTheLatencyWasMeasured) {
    const SimProfile p = loadProfile("h100");
    const Topology t = test::simulate(p, {"memory", "shared", "roofline"});
    for (Element e : {Element::Shared, Element::DeviceMemory}) {
        const Attribute* warps = t.find(e, attr::warpsAt90);
        ASSERT_NE(warps, nullptr);
        EXPECT_NE(warps->reason.find("agrees within a factor of 2"), std::string::npos) << warps->reason;
    }
}

// With the bandwidth group beside it, the roofline owns the reads and writes (the group's
// searches for them do not run) and the group the copies.
TEST(RooflineSim, BesideTheBandwidthGroupEachAttributeHasOneSource) {
    const Topology t = test::simulate(loadProfile("h100"), {"bandwidth", "roofline"});
    for (const char* id : {"device_memory.readBandwidth", "device_memory.writeBandwidth", "l2.writeBandwidth"})
        EXPECT_EQ(t.findSeries(id), nullptr) << id;
    for (const char* id : {"device_memory.copyBandwidth", "device_memory.occupancy", "device_memory.write.occupancy"})
        EXPECT_NE(t.findSeries(id), nullptr) << id;
    for (const char* name : {attr::readBandwidth, attr::writeBandwidth}) {
        const Attribute* a = t.find(Element::DeviceMemory, name);
        ASSERT_NE(a, nullptr);
        EXPECT_NE(a->method.find("occupancy sweep"), std::string::npos) << name;
    }
    EXPECT_NE(t.find(Element::DeviceMemory, attr::copyBandwidth), nullptr);
    // Alone, the bandwidth group reads and writes as before.
    const Topology alone = test::simulate(loadProfile("h100"), {"bandwidth"});
    EXPECT_NE(alone.findSeries("device_memory.readBandwidth"), nullptr);
    EXPECT_NE(alone.findSeries("device_memory.writeBandwidth"), nullptr);
}
