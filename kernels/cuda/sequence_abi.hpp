// Plain data of the address-sequence chase kernel (sequence_kernel.cu) and its host wrapper.
// The array holds 8-byte words: word at byte offset w holds the byte offset of the next load.
#pragma once
#include <cstddef>
#include <cstdint>

#include <cuda_runtime_api.h>

namespace ts::cudak {

// Control words of one sequence launch, zeroed before it.
enum SequenceCtl : std::uint32_t {
    kSeqMainSm = 0,     // %smid + 1 of the main chaser
    kSeqOtherClaim = 1, // a block took the other-unit role
    kSeqWarm = 2,       // main finished its untimed loads
    kSeqOtherDone = 3,  // the other unit finished its walk
    kSeqOtherSm = 4,    // %smid + 1 of the other chaser
    kSeqStatus = 5,     // bit 0: the other walk never finished in time
    kSeqFinal = 6,      // low word of the offset after the last timed load (self-check)
    kSeqMainClaim = 7,  // a block on the asked SM took the main role (placed launches)
    kSeqCtlWords = 8,
};

struct SequenceLaunch {
    std::uint64_t base;         // device address of the array
    std::uint64_t first;        // byte offset of the main chaser's first load
    std::uint64_t otherFirst;   // byte offset of the other chaser's first load
    std::uint32_t* times;       // `timed` latencies (cycles)
    std::uint32_t* ctl;         // kSeqCtlWords
    std::uint64_t waitNs;       // longest either side waits for the other
    std::uint32_t untimed;
    std::uint32_t timed;
    std::uint32_t otherLoads;   // 0: no other chaser
    std::uint32_t space;        // SpaceCode: kGlobal, kGlobalL2 or kReadOnly
    // %smid + 1 of the SMs the chasers must run on; 0: block 0 is the main chaser, and the other
    // chaser the first block on another SM.
    std::uint32_t mainSm;
    std::uint32_t otherSm;
};

struct ScatterWord {
    std::uint64_t offset;       // byte offset in the array
    std::uint64_t value;
};

// Blocks of an unplaced sequence launch: block 0 is the main chaser, the first other block on
// another SM the other chaser; the rest return at once. A placed launch has a few blocks per SM,
// so that one lands on each asked SM.
constexpr unsigned kSequenceBlocks = 8;

// One eviction test (eviction_kernel.cu): the target at `base`, then `chosen` and the first
// `prefix` lines of the scattered pool (seed, bits) twice, then the target timed.
constexpr unsigned kMaxEvictionChosen = 64;
struct EvictionLaunch {
    std::uint64_t base;
    std::uint64_t lineBytes;
    std::uint64_t seed;
    std::uint64_t prefix;
    std::uint32_t* out;          // [0] cycles of the timed load, [1] %smid + 1, [2] keeps the loads
    std::uint32_t bits;
    std::uint32_t chosenCount;
    std::uint32_t space;         // SpaceCode
    std::uint64_t refresh;       // EvictionTest::refresh
    std::uint32_t passes;        // EvictionTest::passes
    std::uint64_t chosen[kMaxEvictionChosen];
};

// Prefers the largest L1 for the sequence kernels, as the chase kernel does (once per context).
cudaError_t prepareSequenceKernels();
cudaError_t launchSequence(const SequenceLaunch& p, unsigned blocks, cudaStream_t s);
cudaError_t prepareEvictionKernels();
cudaError_t launchEviction(const EvictionLaunch& p, cudaStream_t s);
cudaError_t launchScatter(std::uint64_t base, const ScatterWord* words, std::uint32_t count, cudaStream_t s);

}  // namespace ts::cudak
