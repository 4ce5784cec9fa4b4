// Address-sequence chases on AMD GPUs (issue 22): the list becomes a pointer chain of 8-byte
// words (the k-th visit of a 64-byte line uses its k-th word), written by a scatter kernel and
// walked by sequence_kernel.hip after the L2 (and Infinity Cache) flush.
#pragma once
#include <cstdint>
#include <vector>

#include "backend/backend.hpp"
#include "backend/sequence_chase.hpp"
#include "hip/device_memory.hpp"

namespace ts::hipb {

class SequenceChaser {
public:
    explicit SequenceChaser(std::uint64_t flushBytes) : flushBytes_(flushBytes) {}
    ChaseResult run(const SequenceChase& request);

private:
    std::uint64_t flushBytes_;
    DeviceBuffer array_, scratch_, flush_;
};

}  // namespace ts::hipb
