// Issue 39: every unit's hit latency in every L2 segment, against the simulator's truth: a profile
// whose units sit at different distances from the L2 (unit_spread), with harvested unit ids.
#include <gtest/gtest.h>

#include "model/attribute_names.hpp"
#include "sim/profile.hpp"
#include "simulated_runs.hpp"

using namespace ts;

namespace {

// The H100 profile's L2 with a ramp of `spread` cycles over its units and SM ids with gaps.
SimProfile spreadH100(std::uint32_t spread, int segments) {
    SimProfile profile = loadProfile("h100");
    for (auto& cache : profile.caches)
        if (cache.id == "l2") {
            cache.unitSpread = spread;
            cache.segments = segments;
            if (segments == 1) cache.farLatency = cache.latency;
        }
    profile.compute.physicalCuIds.clear();
    for (int u = 0; u < profile.compute.smCount; ++u) profile.compute.physicalCuIds.push_back(u + u / 9);  // 1 in 10 fused off
    return profile;
}

const SimCache& l2Of(const SimProfile& p) {
    for (const auto& cache : p.caches)
        if (cache.id == "l2") return cache;
    throw std::logic_error("no l2");
}

void expectSpread(const Topology& t, const char* name, double truth) {
    const Attribute* a = t.find(Element::L2, name);
    ASSERT_NE(a, nullptr) << name;
    EXPECT_GT(a->confidence, 0.5) << name << ": " << a->reason;
    EXPECT_EQ(a->unit, "cycles");
    EXPECT_NEAR(a->value, truth, 1.0) << name << ": " << a->reason;
}

}  // namespace

// 262 cycles over 132 units: 2 cycles a unit, so the slowest is the last one alone.
TEST(L2DistanceSim, EveryCellIsTheUnitsLatencyInThatSegment) {
    const SimProfile profile = spreadH100(262, 2);
    const SimCache& l2 = l2Of(profile);
    const Topology t = test::simulate(profile, {"l2"});
    expectSpread(t, attr::nearLatencySpread, 262);
    expectSpread(t, attr::farLatencySpread, 262);
    const Series* matrix = t.findSeries("l2.distance");
    ASSERT_NE(matrix, nullptr);
    const int units = profile.unitCount();
    ASSERT_EQ(matrix->rows.size(), static_cast<std::size_t>(units * 2));
    for (const SeriesRow& row : matrix->rows) {
        const int unit = static_cast<int>(row.x), segment = static_cast<int>(row.x2);
        const bool near = unit * 2 / units == segment;
        const double truth = (near ? l2.latency : l2.farLatency) + l2.extraLatency(unit, units);
        EXPECT_NEAR(row.value, truth, 1.0) << "unit " << unit << ", " << row.label;
    }
    // The units are named by their physical ids: logical 131 is SM 145.
    const Attribute* far = t.find(Element::L2, attr::farLatencySpread);
    EXPECT_NE(far->reason.find("(unit 145)"), std::string::npos) << far->reason;
}

TEST(L2DistanceSim, OneSegmentHasNoFarSpread) {
    const Topology t = test::simulate(spreadH100(40, 1), {"l2"});
    expectSpread(t, attr::nearLatencySpread, 40);
    EXPECT_EQ(t.find(Element::L2, attr::farLatencySpread), nullptr);
}

// Units at one distance (every built-in profile): tests/truth_check.hpp holds both spreads to 0.

TEST(L2DistanceSim, AUnitSpreadNeedsAGpuWideCache) {
    SimProfile profile = loadProfile("h100");
    for (auto& cache : profile.caches)
        if (cache.id == "l1") cache.unitSpread = 10;
    EXPECT_THROW(SimBackend backend(profile), ProfileError);
}
