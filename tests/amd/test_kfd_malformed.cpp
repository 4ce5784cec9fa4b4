// The KFD sysfs reader on broken trees: every problem is a warning, nothing throws.
#include <gtest/gtest.h>

#include <algorithm>

#include "amd/kfd_topology.hpp"
#include "kfd_fixtures.hpp"

using namespace ts::amd;

namespace {

bool warned(const KfdTopology& t, const std::string& path, const std::string& text) {
    return std::any_of(t.warnings.begin(), t.warnings.end(), [&](const std::string& w) {
        return w.find(path) != std::string::npos && w.find(text) != std::string::npos;
    });
}

const KfdNode* node(const KfdTopology& t, int id) {
    for (const auto& n : t.nodes)
        if (n.id == id) return &n;
    return nullptr;
}

class KfdMalformed : public ::testing::Test {
protected:
    KfdTopology t = readKfdTopology(ts::test::kfdFixture("malformed"));
    std::string all() const {
        std::string s;
        for (const auto& w : t.warnings) s += w + "\n";
        return s;
    }
};

}  // namespace

TEST_F(KfdMalformed, AnEmptyPropertiesFileSkipsTheNode) {
    EXPECT_TRUE(warned(t, "nodes/1/properties", "empty")) << all();
    EXPECT_EQ(node(t, 1), nullptr);
}

TEST_F(KfdMalformed, GarbageAndNegativeValuesAreIgnored) {
    const KfdNode* n = node(t, 2);
    ASSERT_NE(n, nullptr);
    EXPECT_TRUE(warned(t, "nodes/2/properties", "array_count = '-8' is negative")) << all();
    EXPECT_TRUE(warned(t, "nodes/2/properties", "cu_per_simd_array = 'banana' is not a non-negative integer")) << all();
    EXPECT_TRUE(warned(t, "nodes/2/properties", "not a \"name value\" line")) << all();
    EXPECT_TRUE(warned(t, "nodes/2/properties", "num_xcc = 100000 is outside")) << all();
    EXPECT_EQ(n->arrayCount, 0);
    EXPECT_EQ(n->cuPerSimdArray, 0);
    EXPECT_EQ(n->numXcc, 1);
    EXPECT_EQ(n->ldsSizeKib, 0);
    EXPECT_EQ(n->shaderEnginesPerXcc(), 0);
    EXPECT_EQ(n->computeUnits(), 104);
}

TEST_F(KfdMalformed, BrokenCacheEntriesAreSkippedOrIgnored) {
    const KfdNode* n = node(t, 2);
    ASSERT_NE(n, nullptr);
    EXPECT_TRUE(warned(t, "nodes/2/caches/0/properties", "empty")) << all();
    EXPECT_TRUE(warned(t, "nodes/2/caches/1/properties", "sibling_map entry 1 is 'x'")) << all();
    EXPECT_TRUE(warned(t, "nodes/2/caches/2/properties", "size = '-16' is negative")) << all();
    EXPECT_TRUE(warned(t, "nodes/2/caches/2/properties", "cache_line_size = 3 is outside")
                || warned(t, "nodes/2/caches/2/properties", "not a power of two")) << all();
    // Two of the 104 vector L1 entries are gone: the count no longer matches the SIMDs.
    EXPECT_TRUE(warned(t, "nodes/2/caches", "CUs have a vector L1")) << all();
    EXPECT_FALSE(n->scalarL1dGroups.empty());
}

TEST_F(KfdMalformed, AGpuWithoutCachesFolderHasNoGroups) {
    const KfdNode* n = node(t, 3);
    ASSERT_NE(n, nullptr);
    EXPECT_TRUE(n->isGpu());
    EXPECT_TRUE(warned(t, "nodes/3/caches", "missing")) << all();
    EXPECT_TRUE(n->activeCus.empty());
    EXPECT_TRUE(n->scalarL1dGroups.empty());
}

TEST_F(KfdMalformed, AbsurdValuesAreRejected) {
    const KfdNode* n = node(t, 4);
    ASSERT_NE(n, nullptr);
    EXPECT_TRUE(warned(t, "nodes/4/properties", "simd_count = 4000000000 is outside")) << all();
    EXPECT_TRUE(warned(t, "nodes/4/properties", "cu_per_simd_array = 100000 is outside")) << all();
    EXPECT_FALSE(n->isGpu());
}

TEST_F(KfdMalformed, FoldersThatAreNotNodesAreSkipped) {
    for (const auto& n : t.nodes) EXPECT_NE(n.path.find("/nodes/"), std::string::npos);
    EXPECT_EQ(t.nodes.size(), 3u);  // 2, 3, 4
}
