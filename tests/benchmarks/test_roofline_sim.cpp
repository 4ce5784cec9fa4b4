// Issue 38: the roofline (every level's read bandwidth against occupancy) against the simulator's
// truth: each level's bytes per cycle per SM/CU from the profile, and Little's law on its curve.
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

void expectBytesPerCycle(const Topology& t, Element e, double truth) {
    const Attribute* a = t.find(e, attr::readBytesPerCycle);
    ASSERT_NE(a, nullptr) << toString(e);
    EXPECT_GT(a->confidence, 0.5) << a->reason;
    EXPECT_NEAR(a->value, truth, truth * 0.03) << toString(e);
    const Attribute* warps = t.find(e, attr::warpsAt90);
    ASSERT_NE(warps, nullptr);
    EXPECT_GE(warps->value, 1);
    EXPECT_NE(t.find(e, attr::readBandwidth), nullptr);
}

}  // namespace

TEST(RooflineSim, EveryLevelOfTheH100AtItsBytesPerCycle) {
    const SimProfile p = loadProfile("h100");
    const Topology t = test::simulate(p, {"roofline"});
    const SimCache& l1 = cache(p, "l1");
    expectBytesPerCycle(t, Element::L1, (l1.bytesPerCycle > 0 ? l1.bytesPerCycle : 64) * l1.perSm);
    expectBytesPerCycle(t, Element::ReadOnly, (l1.bytesPerCycle > 0 ? l1.bytesPerCycle : 64) * l1.perSm);  // one cache
    expectBytesPerCycle(t, Element::Shared, p.sharedMemory.bytesPerCycle);
    expectBytesPerCycle(t, Element::L2, perUnitCycle(p, cache(p, "l2").readGibs));
    expectBytesPerCycle(t, Element::DeviceMemory, perUnitCycle(p, p.dram.readGibs));
    // The roofline reads; the bandwidth group, not selected, wrote nothing.
    EXPECT_EQ(t.find(Element::DeviceMemory, attr::writeBandwidth), nullptr);
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

// With the bandwidth group beside it, the roofline owns the reads (the group's read search does
// not run) and the group the rest.
TEST(RooflineSim, BesideTheBandwidthGroupEachAttributeHasOneSource) {
    const Topology t = test::simulate(loadProfile("h100"), {"bandwidth", "roofline"});
    EXPECT_EQ(t.findSeries("device_memory.readBandwidth"), nullptr);
    EXPECT_NE(t.findSeries("device_memory.writeBandwidth"), nullptr);
    EXPECT_NE(t.findSeries("device_memory.occupancy"), nullptr);
    const Attribute* read = t.find(Element::DeviceMemory, attr::readBandwidth);
    ASSERT_NE(read, nullptr);
    EXPECT_NE(read->method.find("occupancy sweep"), std::string::npos);
    EXPECT_NE(t.find(Element::DeviceMemory, attr::writeBandwidth), nullptr);
    // Alone, the bandwidth group reads as before.
    const Topology alone = test::simulate(loadProfile("h100"), {"bandwidth"});
    EXPECT_NE(alone.findSeries("device_memory.readBandwidth"), nullptr);
}
