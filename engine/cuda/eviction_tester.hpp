// Eviction tests on the GPU (issue 22): the pool of an eviction-set search loaded by a whole
// block (kernels/cuda/eviction_kernel.cu), so that an L2 of some 200 000 lines can be searched.
// The tests load the sequence chaser's array: the walks that check a found set and probe its
// replacement order must meet the same physical lines (an L2 is indexed by physical address).
#pragma once
#include <cstdint>

#include "backend/eviction_test.hpp"
#include "cuda/device_memory.hpp"
#include "cuda/gpu_context.hpp"

namespace ts::cuda {

class EvictionTester {
public:
    EvictionTester(GpuContext& ctx, DeviceBuffer& sequenceArray) : ctx_(ctx), array_(sequenceArray) {}
    std::uint32_t run(const EvictionTest& test);

private:
    GpuContext& ctx_;
    DeviceBuffer& array_;
    DeviceBuffer out_;
    PinnedBuffer hostOut_;
};

}  // namespace ts::cuda
