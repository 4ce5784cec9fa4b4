// Eviction tests on the GPU (issue 22): the pool of an eviction-set search loaded by a whole
// block (kernels/cuda/eviction_kernel.cu), so that an L2 of some 200 000 lines can be searched.
#pragma once
#include <cstdint>

#include "backend/eviction_test.hpp"
#include "cuda/device_memory.hpp"
#include "cuda/gpu_context.hpp"

namespace ts::cuda {

class EvictionTester {
public:
    explicit EvictionTester(GpuContext& ctx) : ctx_(ctx) {}
    std::uint32_t run(const EvictionTest& test);
    void releaseArray();

private:
    GpuContext& ctx_;
    DeviceBuffer array_;
    DeviceBuffer out_;
    PinnedBuffer hostOut_;
};

}  // namespace ts::cuda
