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

// bandwidth_kernels.hip: 16-byte vectors, grid-stride, `inner` sweeps over the buffer.
enum BwOp : std::uint32_t { kBwRead = 0, kBwWrite = 1, kBwCopy = 2 };
hipError_t launchBandwidth(BwOp op, bool nonTemporal, const void* src, void* dst, std::size_t vec16,
                           std::uint32_t inner, std::uint32_t* sink, unsigned grid, unsigned block, hipStream_t s);
// The roofline's reads (issue 38): `loads` (1, 2, 4, 8) independent 16-byte loads a thread, over
// the grid once a pass or every block over all of it (`everyBlock`), from `src` through the vL1,
// or (`lds`) from the block's own vec16 x 16 bytes of dynamic LDS (`src` unused).
hipError_t launchReadSweep(bool lds, int loads, bool everyBlock, const void* src, std::size_t vec16, std::uint32_t inner,
                           std::uint32_t* sink, unsigned grid, unsigned block, hipStream_t s);

}  // namespace ts::hipk
