// Tests that need an NVIDIA GPU (ctest label `gpu`): skipped, and reported as skipped, without one.
#include <gtest/gtest.h>

#include "bench/discovery.hpp"
#include "cuda/cuda_backend.hpp"

using namespace ts;

namespace {

Topology discoverOnGpu(std::set<std::string> groups) {
    auto backend = makeCudaBackend(0);
    Observer silent;
    CancelToken cancel;
    Topology t;
    runDiscovery(*backend, DiscoveryOptions{std::move(groups), {}}, silent, cancel, t);
    return t;
}

}  // namespace

TEST(GpuCuda, L1IsFoundWithItsSectorAndLine) {
    if (cudaDeviceCount() == 0) GTEST_SKIP() << "no CUDA device";
    const Topology t = discoverOnGpu({"l1"});
    const Attribute* fg = t.find(Element::L1, "fetchGranularity");
    const Attribute* line = t.find(Element::L1, "lineSize");
    const Attribute* size = t.find(Element::L1, "size");
    ASSERT_TRUE(fg && line && size);
    EXPECT_EQ(fg->value, 32);
    EXPECT_EQ(line->value, 128);
    EXPECT_GT(size->confidence, 0.5);
    EXPECT_GT(size->value, 64 * 1024);
    EXPECT_LE(size->value, static_cast<double>(t.device.sharedPerUnitBytes + 32 * 1024));
}

TEST(GpuCuda, SharedMemoryAndDeviceMemoryLatencies) {
    if (cudaDeviceCount() == 0) GTEST_SKIP() << "no CUDA device";
    const Topology t = discoverOnGpu({"shared", "memory"});
    const Attribute* shared = t.find(Element::Shared, "latency");
    const Attribute* dram = t.find(Element::DeviceMemory, "latency");
    ASSERT_TRUE(shared && dram);
    EXPECT_LT(shared->value, dram->value);
}
