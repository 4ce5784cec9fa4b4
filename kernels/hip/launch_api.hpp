// Host-callable wrappers of the HIP kernels (each defined in the .hip file named beside it),
// so the host sources compile with a plain C++ compiler.
#pragma once
#include <cstddef>
#include <cstdint>

#include <hip/hip_runtime_api.h>

#include "chase_abi.hpp"

namespace ts::hipk {

// chase_kernel.hip: one block of `threads` threads in `role`, `ldsBytes` of dynamic LDS.
hipError_t launchChase(const ChaseParams& p, Role role, unsigned threads, std::size_t ldsBytes, hipStream_t s);

// util_kernels.hip
// value[i] = (i + strideElems) mod elems.
hipError_t launchInitChase(std::uint32_t* array, std::uint32_t elems, std::uint32_t strideElems, hipStream_t s);
// One block of one wave: `samples` back-to-back s_memtime pairs.
hipError_t launchTimerOverhead(std::uint32_t* out, std::uint32_t samples, hipStream_t s);
// `blocks` blocks of one wave each write their identity to out[block].
hipError_t launchProbe(WaveIdentity* out, unsigned blocks, hipStream_t s);

// bandwidth_kernels.hip: 16-byte vectors, `inner` passes over the buffer a launch.
// Copies: vec16 x 16 bytes from src to dst, grid-stride, non-temporal where asked.
hipError_t launchCopy(bool nonTemporal, const void* src, void* dst, std::size_t vec16, std::uint32_t inner,
                      unsigned grid, unsigned block, hipStream_t s);

// The roofline's sweeps (issue 38). Where their 16-byte accesses go:
enum SweepPath : std::uint32_t {
    kSweepVector = 0,    // global memory through the vL1 (no GLC)
    kSweepVectorNt = 1,  // the same, non-temporal (device-memory working sets)
    kSweepLds = 2,       // the block's own vec16 x 16 bytes of dynamic LDS (every block; the buffer unused)
    kSweepScalar = 3,    // s_load_dwordx4, one a wavefront, the block's wavefronts splitting the array (reads)
};
struct Sweep {
    SweepPath path;
    int inFlight;     // 1, 2, 4 or 8 accesses a thread (a wavefront on kSweepScalar) issues before it waits
    bool everyBlock;  // every block over the whole array, else the grid over it once a pass
};
// `clocks`, unless null, gets block 0's s_memtime and s_memrealtime at its start and end (4 values).
hipError_t launchReadSweep(const Sweep& sweep, const void* src, std::size_t vec16, std::uint32_t inner,
                           std::uint32_t* sink, std::uint64_t* clocks, unsigned grid, unsigned block, hipStream_t s);
hipError_t launchWriteSweep(const Sweep& sweep, void* dst, std::size_t vec16, std::uint32_t inner,
                            std::uint64_t* clocks, unsigned grid, unsigned block, hipStream_t s);

}  // namespace ts::hipk
