// Small kernels around the chase: array initialisation, timer overhead, identity probe.
#include "amdgcn.hpp"
#include "launch_api.hpp"

namespace ts::hipk {
namespace {

__global__ void initChaseKernel(std::uint32_t* array, std::uint32_t elems, std::uint32_t stride) {
    for (std::uint64_t i = blockIdx.x * std::uint64_t{blockDim.x} + threadIdx.x; i < elems;
         i += std::uint64_t{gridDim.x} * blockDim.x)
        array[i] = static_cast<std::uint32_t>((i + stride) % elems);
}

__global__ void timerOverheadKernel(std::uint32_t* out, std::uint32_t samples) {
    for (std::uint32_t k = 0; k < samples; ++k) {
        std::uint64_t t0, t1;
        asm volatile("s_waitcnt vmcnt(0) lgkmcnt(0)\n\t"
                     "s_memtime %0\n\t"
                     "s_waitcnt lgkmcnt(0)\n\t"
                     "s_memtime %1\n\t"
                     "s_waitcnt lgkmcnt(0)"
                     : "=&s"(t0), "=&s"(t1)::"memory");
        if (threadIdx.x == 0) out[k] = static_cast<std::uint32_t>(t1 - t0);
    }
}

__global__ void probeKernel(WaveIdentity* out) {
    const std::uint32_t hw = dev::hwId(), xcc = dev::xccId();
    if (threadIdx.x == 0) out[blockIdx.x] = WaveIdentity{hw, xcc};
}

}  // namespace

hipError_t launchInitChase(std::uint32_t* array, std::uint32_t elems, std::uint32_t strideElems, hipStream_t s) {
    const unsigned blocks = static_cast<unsigned>(std::min<std::uint64_t>(4096, (elems + 255) / 256));
    hipLaunchKernelGGL(initChaseKernel, dim3(blocks), dim3(256), 0, s, array, elems, strideElems);
    return hipGetLastError();
}

hipError_t launchTimerOverhead(std::uint32_t* out, std::uint32_t samples, hipStream_t s) {
    hipLaunchKernelGGL(timerOverheadKernel, dim3(1), dim3(kWaveSize), 0, s, out, samples);
    return hipGetLastError();
}

hipError_t launchProbe(WaveIdentity* out, unsigned blocks, hipStream_t s) {
    hipLaunchKernelGGL(probeKernel, dim3(blocks), dim3(kWaveSize), 0, s, out);
    return hipGetLastError();
}

}  // namespace ts::hipk
