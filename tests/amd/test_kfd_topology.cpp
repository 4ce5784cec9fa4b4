// The KFD sysfs reader on realistic MI210 and MI300X trees.
#include <gtest/gtest.h>

#include <algorithm>

#include "amd/kfd_topology.hpp"
#include "kfd_fixtures.hpp"
#include "sim/profile.hpp"

using namespace ts;
using namespace ts::amd;

namespace {

std::vector<std::vector<int>> sortedGroups(std::vector<std::vector<int>> groups) {
    for (auto& g : groups) std::sort(g.begin(), g.end());
    std::sort(groups.begin(), groups.end());
    return groups;
}

const SimCache& profileCache(const SimProfile& p, const std::string& id) {
    for (const auto& c : p.caches)
        if (c.id == id) return c;
    throw std::runtime_error("no cache " + id);
}

std::string joined(const std::vector<std::string>& lines) {
    std::string s;
    for (const auto& l : lines) s += l + "\n";
    return s;
}

}  // namespace

TEST(KfdTopology, ReadsAnMi210Node) {
    const KfdTopology t = readKfdTopology(test::kfdFixture("mi210"));
    EXPECT_TRUE(t.found);
    EXPECT_TRUE(t.warnings.empty()) << joined(t.warnings);
    ASSERT_EQ(t.nodes.size(), 2u);
    EXPECT_FALSE(t.nodes[0].isGpu());
    ASSERT_EQ(t.gpus().size(), 1u);
    const KfdNode& n = *t.gpus()[0];
    EXPECT_EQ(n.id, 1);
    EXPECT_EQ(n.gfxTarget(), "gfx90a");
    EXPECT_EQ(n.computeUnits(), 104);
    EXPECT_EQ(n.numXcc, 1);
    EXPECT_EQ(n.shaderEnginesPerXcc(), 8);
    EXPECT_EQ(n.cuPerSimdArray, 16);
    EXPECT_EQ(n.deviceId, 0x740Fu);
    EXPECT_EQ(n.vendorId, 0x1002u);
    EXPECT_EQ(n.maxEngineClockMhz, 1700);
    EXPECT_EQ(n.memoryBytes(), 68702699520ull);
    EXPECT_EQ(n.vectorL1Bytes, 16384u);
    EXPECT_EQ(n.vectorL1LineBytes, 64);
    EXPECT_EQ(n.scalarL1dBytes, 16384u);
    EXPECT_EQ(n.scalarL1dLineBytes, 64);
    EXPECT_EQ(n.l2Bytes, 8u << 20);
    EXPECT_EQ(n.l2LineBytes, 128);
    EXPECT_EQ(n.l2Instances, 1);
    EXPECT_EQ(n.l3Instances, 0);
    EXPECT_TRUE(n.partition.compute.empty());

    const SimProfile p = loadProfile("mi210");
    EXPECT_EQ(n.activeCus, p.compute.physicalCuIds);
    EXPECT_EQ(n.scalarL1dGroups, sortedGroups(profileCache(p, "sl1d").groups));
}

TEST(KfdTopology, ReadsAnMi300xNodeInSpxNps1) {
    const KfdTopology t = readKfdTopology(test::kfdFixture("mi300x"));
    EXPECT_TRUE(t.warnings.empty()) << joined(t.warnings);
    ASSERT_EQ(t.gpus().size(), 1u);
    const KfdNode& n = *t.gpus()[0];
    EXPECT_EQ(n.gfxTarget(), "gfx942");
    EXPECT_EQ(n.computeUnits(), 304);
    EXPECT_EQ(n.numXcc, 8);
    EXPECT_EQ(n.shaderEnginesPerXcc(), 4);
    EXPECT_EQ(n.vectorL1Bytes, 32768u);
    EXPECT_EQ(n.vectorL1LineBytes, 128);
    EXPECT_EQ(n.l2Instances, 8);
    EXPECT_EQ(n.l2Bytes, 4u << 20);
    EXPECT_EQ(n.l3Instances, 1);
    EXPECT_EQ(n.l3Bytes, 256u << 20);
    EXPECT_EQ(n.partition.compute, "SPX");
    EXPECT_EQ(n.partition.memory, "NPS1");
    EXPECT_EQ(n.partition.availableCompute, "SPX, DPX, QPX, CPX");

    const SimProfile p = loadProfile("mi300x");
    EXPECT_EQ(n.activeCus, p.compute.physicalCuIds);
    EXPECT_EQ(n.scalarL1dGroups, sortedGroups(profileCache(p, "sl1d").groups));
}

TEST(KfdTopology, FindsTheGpuAtItsPciAddress) {
    const KfdTopology t = readKfdTopology(test::kfdFixture("mi210"));
    const KfdNode* n = t.gpuAt(0, 3, 0);
    ASSERT_NE(n, nullptr);
    EXPECT_EQ(n->id, 1);
    EXPECT_EQ(t.gpuAt(0, 4, 0), nullptr);
    EXPECT_EQ(t.gpuAt(1, 3, 0), nullptr);
}

TEST(KfdTopology, NamesGfxTargets) {
    EXPECT_EQ(gfxTargetName(90010), "gfx90a");
    EXPECT_EQ(gfxTargetName(90008), "gfx908");
    EXPECT_EQ(gfxTargetName(90400), "gfx940");
    EXPECT_EQ(gfxTargetName(90402), "gfx942");
    EXPECT_EQ(gfxTargetName(100300), "gfx1030");
    EXPECT_EQ(gfxTargetName(110000), "gfx1100");
    EXPECT_EQ(gfxTargetName(0), "");
    EXPECT_EQ(gfxTargetName(91099), "");
}

TEST(KfdTopology, AMissingRootIsAWarning) {
    const KfdTopology t = readKfdTopology({"/nonexistent/kfd/topology/nodes", "/nonexistent/drm"});
    EXPECT_FALSE(t.found);
    EXPECT_TRUE(t.nodes.empty());
    ASSERT_EQ(t.warnings.size(), 1u);
    EXPECT_NE(t.warnings[0].find("not found"), std::string::npos);
}
