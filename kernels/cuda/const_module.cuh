// One extra constant module: a 64 KiB __constant__ bank and the kernel that walks the part of a
// second chaser's array stored in it. Each const_module_N.cu includes this with its own N, so
// every bank lands in a separate module (one module's constant bank holds at most 64 KiB).
//
// The module kernels of one request run in sequence on a second stream while the main chase
// kernel waits between its warm-up and its timed pass. The walk state (next index, loads left)
// passes from module to module through the control words; the last walk sets the done flag.
#pragma once
#include <cstdint>

#include "chase_abi.hpp"
#include "device_primitives.cuh"

namespace ts::cudak::dev {

__device__ __forceinline__ void moduleChase(const ModuleLaunch& P, std::uint64_t bankBase) {
    if (threadIdx.x != 0) return;
    const std::uint32_t sm = smId();
    const int code = claimRole(P.roleTable, P.tableRows, P.ctl + kCtlModuleClaim, P.claimEpoch, sm, false);
    if (code < 0) return;
    const std::uint32_t q = static_cast<std::uint32_t>(code);
    std::uint32_t* ctl = P.ctl;
    stRelease(ctl + kCtlReady + q, P.flagEpoch);
    if (!waitFlag(ctl + kCtlWarm + q, P.flagEpoch, P.waitNs)) {
        __stcg(ctl + kCtlSecondStatus + q, static_cast<std::uint32_t>(kStatusSecondNoWarm));
        stRelease(ctl + kCtlDone + q, P.flagEpoch);
        return;
    }
    const ChaseJob job = loadJob(P.jobs, q);
    std::uint32_t j = ldFlag(ctl + kCtlWalkIndex + q);
    std::uint32_t left = ldFlag(ctl + kCtlWalkLeft + q);
    // Walk while the chain stays inside this module's slice of the array.
    while (left != 0 && j - P.firstElem < P.elemCount) {
        j = nextIndex(ldConst(bankBase, j - P.firstElem), job.secondElems, 0);
        --left;
    }
    // L2-only stores: this kernel shares the SM (and its L1) with the chaser under test.
    __stcg(ctl + kCtlWalkIndex + q, j);
    __stcg(ctl + kCtlWalkLeft + q, left);
    __stcg(ctl + kCtlSecondSm + q, sm);
    if (left == 0) stRelease(ctl + kCtlDone + q, P.flagEpoch);
}

}  // namespace ts::cudak::dev

#define TS_CONST_MODULE(N)                                                                                   \
    __constant__ std::uint32_t ts_const_bank_##N[ts::cudak::kConstBankElems];                                 \
    namespace ts::cudak {                                                                                    \
    namespace {                                                                                              \
    __device__ __forceinline__ std::uint64_t moduleBankBase() {                                              \
        std::uint64_t a;                                                                                     \
        asm("mov.u64 %0, ts_const_bank_" #N ";" : "=l"(a));                                                  \
        return a;                                                                                            \
    }                                                                                                        \
    __global__ void __launch_bounds__(32) constModuleKernel(const ModuleLaunch P) {                          \
        dev::moduleChase(P, moduleBankBase());                                                               \
    }                                                                                                        \
    cudaError_t moduleUpload(const void* src, std::size_t bytes, cudaStream_t s) {                           \
        return cudaMemcpyToSymbolAsync(ts_const_bank_##N, src, bytes, 0, cudaMemcpyDeviceToDevice, s);       \
    }                                                                                                        \
    cudaError_t moduleLaunch(const ModuleLaunch& p, unsigned grid, std::size_t smem, cudaStream_t s) {       \
        constModuleKernel<<<grid, 32, smem, s>>>(p);                                                         \
        return cudaGetLastError();                                                                           \
    }                                                                                                        \
    cudaError_t modulePrepare(int maxDynamicSmem) {                                                          \
        cudaError_t e = cudaFuncSetAttribute(constModuleKernel, cudaFuncAttributeMaxDynamicSharedMemorySize, \
                                             maxDynamicSmem);                                                \
        if (e != cudaSuccess) return e;                                                                      \
        return cudaFuncSetAttribute(constModuleKernel, cudaFuncAttributePreferredSharedMemoryCarveout, 0);   \
    }                                                                                                        \
    }                                                                                                        \
    extern const ConstModuleOps constModuleOps##N;                                                           \
    const ConstModuleOps constModuleOps##N{moduleUpload, moduleLaunch, modulePrepare};                       \
    }
