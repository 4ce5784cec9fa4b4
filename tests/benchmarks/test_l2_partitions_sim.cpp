// Issue 21: the L2's partitions end to end on the simulator: the capacity one SM sees near and
// far, whether far lines are replicated near, the capacity of data both partitions touched.
#include <gtest/gtest.h>

#include "benchmarks/discovery.hpp"
#include "sim/profile.hpp"
#include "sim/sim_backend.hpp"
#include "simulated_runs.hpp"

using namespace ts;

namespace {

SimProfile h100(bool replicateFar) {
    SimProfile profile = loadProfile("h100");
    for (auto& cache : profile.caches)
        if (cache.id == "l2") cache.replicateFar = replicateFar;
    return profile;
}

// `kneeHeld`: read from the L2's contiguous knee, which its hashed 16-way sets hold to 0.5 (issue 34).
void expectNear(const Topology& t, const char* name, double truth, double tolerance, bool kneeHeld = false) {
    const Attribute* a = t.find(Element::L2, name);
    ASSERT_NE(a, nullptr) << name;
    if (kneeHeld) EXPECT_GE(a->confidence, 0.5) << name << ": " << a->reason;
    else EXPECT_GT(a->confidence, 0.5) << name << ": " << a->reason;
    EXPECT_FALSE(a->lowerBound) << name << ": " << a->reason;
    EXPECT_NEAR(a->value, truth, tolerance * truth) << name << ": " << a->reason;
}

constexpr double kPartition = 25.0 * (1 << 20);  // 50 MiB in 2 partitions

}  // namespace

TEST(L2PartitionsSim, FarLinesStayFarAndSharedDataFillsBothPartitions) {
    const Topology t = test::simulate(h100(false), {"l2"});
    expectNear(t, "nearCapacity", kPartition, 0.01, true);
    expectNear(t, "farCapacity", kPartition, 0.01);
    expectNear(t, "sharedCapacity", 2 * kPartition, 0.01);
    expectNear(t, "farReplicated", 0, 0);
    expectNear(t, "segmentFraction", 2, 0, true);
    for (const char* id : {"l2.partitions_far", "l2.partitions_replica", "l2.partitions_shared"})
        EXPECT_NE(t.findSeries(id), nullptr) << id;
}

TEST(L2PartitionsSim, ReplicasOfFarLinesHalveTheSharedCapacity) {
    const Topology t = test::simulate(h100(true), {"l2"});
    expectNear(t, "farCapacity", kPartition, 0.01);
    expectNear(t, "farReplicated", 1, 0);
    expectNear(t, "sharedCapacity", kPartition, 0.01);
}

TEST(L2PartitionsSim, OnePartitionReportsNothingNearOrFar) {
    SimProfile profile = loadProfile("h100");
    for (auto& cache : profile.caches)
        if (cache.id == "l2") cache.segments = 1, cache.farLatency = cache.latency;
    const Topology t = test::simulate(profile, {"l2"});
    EXPECT_EQ(t.find(Element::L2, "farCapacity"), nullptr);
    EXPECT_EQ(t.find(Element::L2, "farReplicated"), nullptr);
}

TEST(L2PartitionsSim, ReplicateFarNeedsSegments) {
    SimProfile profile = loadProfile("h100");
    for (auto& cache : profile.caches)
        if (cache.id == "l2") cache.segments = 1, cache.replicateFar = true, cache.farLatency = cache.latency;
    EXPECT_THROW(SimBackend backend(profile), ProfileError);
}
