// Address-sequence chase on AMD GPUs (issue 22): plain data and the host-callable wrappers of
// sequence_kernel.hip. The array holds 8-byte words: the word at byte offset w holds the byte
// offset of the next load.
#pragma once
#include <cstdint>

#include <hip/hip_runtime_api.h>

namespace ts::hipk {

enum SequenceCtl : std::uint32_t {
    kSeqMainUnit = 0,   // HW_ID + 1 of the main wave
    kSeqOtherClaim = 1, // a block took the other-unit role
    kSeqWarm = 2,       // main finished its untimed loads
    kSeqOtherDone = 3,  // the other wave finished its walk
    kSeqOtherUnit = 4,  // HW_ID + 1 of the other wave
    kSeqStatus = 5,     // bit 0: the other walk never finished in time
    kSeqFinal = 6,      // low word of the offset after the last timed load (self-check)
    kSeqCtlWords = 8,
};

struct SequenceParams {
    std::uint64_t base;          // device address of the array
    std::uint64_t first;         // byte offset of the main wave's first load
    std::uint64_t otherFirst;
    std::uint32_t* times;        // `timed` latencies
    std::uint32_t* ctl;          // kSeqCtlWords, zeroed
    std::uint64_t waitTicks;     // 100 MHz ticks either side waits for the other
    std::uint32_t untimed;
    std::uint32_t timed;
    std::uint32_t otherLoads;    // 0: no other wave
    std::uint32_t l2Only;        // 1: loads bypass the vL1 (VectorL2)
};

struct ScatterWord {
    std::uint64_t offset;
    std::uint64_t value;
};

constexpr unsigned kSequenceBlocks = 8;

hipError_t launchSequence(const SequenceParams& p, hipStream_t s);
hipError_t launchScatter(std::uint64_t base, const ScatterWord* words, std::uint32_t count, hipStream_t s);

}  // namespace ts::hipk
