// Address-sequence chases on the GPU (issue 22): the list becomes a pointer chain in a buffer of
// its own (8-byte words; the k-th visit of a 64-byte line uses its k-th word), written by a
// scatter kernel, walked by sequence_kernel.cu after an L2 flush.
#pragma once
#include <cstdint>
#include <vector>

#include "backend/backend.hpp"
#include "backend/sequence_chase.hpp"
#include "cuda/aliased_array.hpp"
#include "cuda/device_memory.hpp"
#include "cuda/gpu_context.hpp"
#include "sequence_abi.hpp"

namespace ts::cuda {

// The kernels' SpaceCode of a space the sequence and eviction kernels load through; a
// BackendError naming `what` for any other.
std::uint32_t sequenceSpaceCode(Space space, const char* what);

class SequenceChaser {
public:
    explicit SequenceChaser(GpuContext& ctx) : ctx_(ctx), aliased_(ctx) {}
    ChaseResult run(const SequenceChase& request);
    // Free device memory plus the array held now, less a margin for the other buffers.
    std::uint64_t maxArrayBytes();
    // The aliased range when the driver can map one, else the array.
    TranslationWalkSpace translationWalkSpace();
    void releaseArray();
    DeviceBuffer& array() { return array_; }  // shared with the eviction tests

private:
    std::byte* reserveArray(std::uint64_t bytes);
    void placeOnUnits(cudak::SequenceLaunch& p, int unit, int otherUnit) const;
    void launchUntilPlaced(const cudak::SequenceLaunch& p, std::size_t ctlOff, std::size_t outBytes, double loads);
    ChaseResult collect(const SequenceChase& request, std::uint64_t first, bool alone, std::uint32_t timed) const;

    GpuContext& ctx_;
    DeviceBuffer array_;
    AliasedArray aliased_;   // the translation walks' addresses
    DeviceBuffer scratch_;   // scatter list, then control words (256 B) and latencies
    PinnedBuffer hostOut_;   // scatter list on the way up, control words and latencies on the way down
};

}  // namespace ts::cuda
