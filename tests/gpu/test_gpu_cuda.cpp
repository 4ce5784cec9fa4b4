// Tests that need an NVIDIA GPU (ctest label `gpu`): skipped, and reported as skipped, without one.
// One full suite runs once; each test checks one property the issue asks the CUDA backend to find
// on a GPU of compute capability 7.0 or newer (the generations whose L1 and L2 use 128 B lines of
// four 32 B sectors, a constant L1 of 64 B lines and a 256 B constant L1.5 fill).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <optional>

#include "analysis/robust.hpp"
#include "benchmarks/discovery.hpp"
#include "benchmarks/size_search.hpp"
#include "cuda/cuda_backend.hpp"
#include "cuda/nvml_processes.hpp"

using namespace ts;

namespace {

const Topology* fullSuite() {
    static std::optional<Topology> topology;
    if (!topology && cudaDeviceCount() > 0) {
        auto backend = makeCudaBackend(0);
        Observer silent;
        CancelToken cancel;
        topology.emplace();
        runDiscovery(*backend, DiscoveryOptions{}, silent, cancel, *topology);
    }
    return topology ? &*topology : nullptr;
}

double decidedValue(const Topology& t, Element e, const std::string& name) {
    const Attribute* a = t.find(e, name);
    if (!a) {
        ADD_FAILURE() << displayName(e) << " " << name << ": not reported";
        return NAN;
    }
    EXPECT_GT(a->confidence, 0) << displayName(e) << " " << name << ": " << a->reason;
    return a->value;
}

std::vector<std::string> sharedWith(const Topology& t, Element e) {
    const Attribute* a = t.find(e, "sharedWith");
    std::vector<std::string> names = a ? a->names : std::vector<std::string>{};
    std::sort(names.begin(), names.end());
    return names;
}

#define REQUIRE_GPU()                                                        \
    const Topology* suite = fullSuite();                                     \
    if (!suite) GTEST_SKIP() << "no CUDA device";                            \
    if (suite->device.ccMajor < 7) GTEST_SKIP() << "needs compute capability 7.0 or newer"; \
    const Topology& t = *suite

}  // namespace

TEST(GpuCuda, L1TextureAndReadOnlyAreOneCacheAndConstantL1IsNotInIt) {
    REQUIRE_GPU();
    const std::string texture(displayName(Element::Texture)), readOnly(displayName(Element::ReadOnly)),
        l1(displayName(Element::L1)), constant(displayName(Element::ConstantL1));
    EXPECT_EQ(sharedWith(t, Element::L1), (std::vector<std::string>{readOnly, texture}));
    EXPECT_EQ(sharedWith(t, Element::Texture), (std::vector<std::string>{l1, readOnly}));
    for (Element e : {Element::L1, Element::Texture, Element::ReadOnly}) {
        const auto names = sharedWith(t, e);
        EXPECT_EQ(std::count(names.begin(), names.end(), constant), 0) << displayName(e);
    }
}

TEST(GpuCuda, L1FamilyHas128ByteLinesAnd32ByteSectors) {
    REQUIRE_GPU();
    for (Element e : {Element::L1, Element::Texture, Element::ReadOnly}) {
        EXPECT_EQ(decidedValue(t, e, "lineSize"), 128) << displayName(e);
        EXPECT_EQ(decidedValue(t, e, "fetchGranularity"), 32) << displayName(e);
    }
}

TEST(GpuCuda, L1FamilySizesAndLatenciesAgree) {
    REQUIRE_GPU();
    const double l1 = decidedValue(t, Element::L1, "size");
    EXPECT_GT(l1, 64 * 1024);
    EXPECT_LE(l1, static_cast<double>(t.device.sharedPerUnitBytes + 32 * 1024));
    for (Element e : {Element::Texture, Element::ReadOnly})
        EXPECT_NEAR(decidedValue(t, e, "size"), l1, 0.01 * l1) << displayName(e) << ": one SRAM, one size";
    // ld.global.ca and ld.global.nc take the same path into the SRAM; a texture fetch (TLD) goes
    // through the texture pipeline first, so its hit is slower but still far below an L2 hit.
    const double l1Latency = decidedValue(t, Element::L1, "latency");
    EXPECT_NEAR(decidedValue(t, Element::ReadOnly, "latency"), l1Latency, 0.1 * l1Latency);
    EXPECT_GT(decidedValue(t, Element::Texture, "latency"), l1Latency);
    EXPECT_LT(decidedValue(t, Element::Texture, "latency"), decidedValue(t, Element::L2, "latency") / 2);
    // One SRAM, one miss penalty: the sharing class's reason compares them.
    const Attribute* shared = t.find(Element::Texture, "sharedWith");
    ASSERT_NE(shared, nullptr);
    EXPECT_NE(shared->reason.find("miss penalties agree"), std::string::npos) << shared->reason;
}

TEST(GpuCuda, ConstantCaches) {
    REQUIRE_GPU();
    const double size = decidedValue(t, Element::ConstantL1, "size");
    EXPECT_GE(size, 1024);
    EXPECT_LE(size, 4096) << "about 2 KiB";
    EXPECT_EQ(decidedValue(t, Element::ConstantL1, "lineSize"), 64);
    EXPECT_EQ(decidedValue(t, Element::ConstantL1, "fetchGranularity"), 64);
    EXPECT_EQ(decidedValue(t, Element::ConstantL15, "fetchGranularity"), 256);
}

TEST(GpuCuda, L2LinesSectorsAndSegments) {
    REQUIRE_GPU();
    EXPECT_EQ(decidedValue(t, Element::L2, "lineSize"), 128);
    EXPECT_EQ(decidedValue(t, Element::L2, "fetchGranularity"), 32) << "measured with L1-bypassing loads";
    const Attribute* segments = t.find(Element::L2, "segments");
    ASSERT_NE(segments, nullptr);
    EXPECT_EQ(segments->confidence, 1.0) << segments->reason;
    std::size_t units = 0;
    for (const auto& g : segments->groups) units += g.size();
    EXPECT_EQ(units, static_cast<std::size_t>(t.device.unitCount)) << "every SM in exactly one segment group";
    EXPECT_LT(decidedValue(t, Element::L2, "nearLatency"), decidedValue(t, Element::L2, "farLatency"));
}

TEST(GpuCuda, SharedMemoryAndDeviceMemoryLatencies) {
    REQUIRE_GPU();
    EXPECT_LT(decidedValue(t, Element::Shared, "latency"), decidedValue(t, Element::L2, "latency") / 4);
    EXPECT_LT(decidedValue(t, Element::L2, "latency"), decidedValue(t, Element::DeviceMemory, "latency"));
}

// SecondChaser::blockRead: the other SM's whole block reads the lines its thread would walk, so
// the reader finds the L2 as the walk leaves it (median within 5 %), and the block read's
// self-check (the sum of the words read) passes. Cold 4 MiB: every line comes from that SM.
TEST(GpuCuda, BlockReadSecondLeavesTheL2AsItsWalkDoes) {
    if (cudaDeviceCount() == 0) GTEST_SKIP() << "no CUDA device";
    auto backend = makeCudaBackend(0);
    const DeviceInfo device = backend->queryDevice();
    if (device.unitCount < 2) GTEST_SKIP() << "needs two SMs";
    ChaseRequest r;
    r.space = Space::GlobalL2;
    r.arrayBytes = 4u << 20;
    r.strideBytes = 128;
    r.warmupPasses = 0;
    r.recordLoads = 1024;
    r.permutationStepBytes = spreadStep(r.arrayBytes, r.strideBytes, r.recordLoads);
    r.unit = 0;
    SecondChaser walk{.space = Space::GlobalL2, .strideBytes = 128, .placement = Placement::OtherUnit,
                      .unit = device.unitCount - 1, .sameArray = true};
    SecondChaser block = walk;
    block.blockRead = true;
    r.second = walk;
    const ChaseResult walked = backend->chase(r);
    r.second = block;
    const ChaseResult read = backend->chase(r);
    EXPECT_EQ(read.secondRanOnUnit, walked.secondRanOnUnit);
    const double walkedMedian = median(walked.latencies), readMedian = median(read.latencies);
    EXPECT_NEAR(readMedian, walkedMedian, 0.05 * walkedMedian);
}

// With or without a GPU and NVML: asking the driver about a device it does not have says why in
// `problem` (library missing, no such device) and never crashes (an NVML session once read its
// own uninitialised member instead of the loaded library).
TEST(GpuCuda, DriverQueriesForAnUnknownDeviceSayWhy) {
    const GpuActivity activity = cuda::readNvmlActivity("GPU-00000000-0000-0000-0000-000000000000", "");
    EXPECT_FALSE(activity.known);
    EXPECT_FALSE(activity.problem.empty());
}
