// Issue 38, item 3: each cache's write policy against the simulator's truth, both ways round.
#include <gtest/gtest.h>

#include <algorithm>

#include "model/attribute_names.hpp"
#include "sim/profile.hpp"
#include "simulated_runs.hpp"

using namespace ts;

namespace {

SimCache& cache(SimProfile& p, const std::string& id) {
    for (SimCache& c : p.caches)
        if (c.id == id) return c;
    throw std::runtime_error("no cache " + id);
}

void expectPolicy(const Topology& t, Element e, const SimCache& truth) {
    const Attribute* policy = t.find(e, attr::writePolicy);
    const Attribute* allocate = t.find(e, attr::writeAllocate);
    ASSERT_NE(policy, nullptr);
    ASSERT_NE(allocate, nullptr);
    // Write-back is decided; write-through by bandwidth alone is a lean at 0.5 (a write-back cache
    // no faster for stores than the level behind would read the same).
    if (truth.writeBack) EXPECT_GT(policy->confidence, 0.5) << policy->reason;
    else EXPECT_EQ(policy->confidence, 0.5) << policy->reason;
    EXPECT_GT(allocate->confidence, 0.5) << allocate->reason;
    EXPECT_EQ(policy->value, truth.writeBack ? 1 : 2) << policy->reason;
    EXPECT_EQ(allocate->value, truth.writeAllocate ? 1 : 2) << allocate->reason;
}

}  // namespace

TEST(WritePolicySim, TheH100sDefaults) {
    SimProfile p = loadProfile("h100");
    const Topology t = test::simulate(p, {"l1", "l2", "roofline"});
    expectPolicy(t, Element::L1, cache(p, "l1"));  // write-through, no allocation
    expectPolicy(t, Element::L2, cache(p, "l2"));  // write-back, allocating
}

// Without the sizes (--only roofline) the L1's working set is 8 KiB: 64 lines, each timed once (a
// second round of the timed loads found the first round's and read 75 % of them as allocated).
TEST(WritePolicySim, TheH100sDefaultsWithoutTheSizes) {
    SimProfile p = loadProfile("h100");
    const Topology t = test::simulate(p, {"roofline"});
    expectPolicy(t, Element::L1, cache(p, "l1"));
    expectPolicy(t, Element::L2, cache(p, "l2"));
}

TEST(WritePolicySim, EachTheOtherWayRound) {
    SimProfile p = loadProfile("h100");
    cache(p, "l1").writeBack = cache(p, "l1").writeAllocate = true;
    cache(p, "l2").writeBack = cache(p, "l2").writeAllocate = false;
    const Topology t = test::simulate(p, {"l1", "l2", "roofline"});
    expectPolicy(t, Element::L1, cache(p, "l1"));
    expectPolicy(t, Element::L2, cache(p, "l2"));
}

// A write-back L2 that takes no line a store missed: the loads after the stores come from the
// memory. Where an Infinity Cache this run did not measure keeps them instead, they come from
// neither level the benchmark knows: undecided, and the reason says so.
TEST(WritePolicySim, AWriteBackL2ThatDoesNotAllocate) {
    SimProfile p = loadProfile("mi300x");
    cache(p, "l2").writeAllocate = false;
    const Topology withL3 = test::simulate(p, {"roofline"});
    const Attribute* open = withL3.find(Element::L2, attr::writeAllocate);
    ASSERT_NE(open, nullptr);
    EXPECT_EQ(open->confidence, 0);
    EXPECT_NE(open->reason.find("neither mostly"), std::string::npos) << open->reason;
    p.caches.erase(std::remove_if(p.caches.begin(), p.caches.end(), [](const SimCache& c) { return c.id == "infinity_cache"; }),
                   p.caches.end());
    const Topology withoutL3 = test::simulate(p, {"roofline"});
    const Attribute* allocate = withoutL3.find(Element::L2, attr::writeAllocate);
    ASSERT_NE(allocate, nullptr);
    EXPECT_GT(allocate->confidence, 0.5) << allocate->reason;
    EXPECT_EQ(allocate->value, 2) << allocate->reason;
}
