#pragma once
// The HIP runtime (libamdhip64.so.N, N the major version of the build's ROCm) is loaded at run
// time, as NVML and HSA are: the programs link no ROCm library, so a server without ROCm installs
// and runs them, and the HIP backend works wherever the runtime is installed.
// hip_runtime_loader.cpp defines every HIP function that TopoScope's host code and hipcc's kernel
// objects call, each forwarding to the runtime.
#include <string>

namespace ts::hipb {

// The soname dlopen asks for (hip_runtime_loader.cpp): a plain name, searched only in the
// system's library folders (the programs carry no run path), of the major version whose headers
// the build used: ROCm 6 changed structures such as hipDeviceProp_t, so a ROCm 5 build must not
// take libamdhip64.so.6.
extern const char* const kHipRuntimeSoname;

// Empty when the runtime is loaded (loading it on first use), else why it is not.
std::string hipRuntimeProblem();

}  // namespace ts::hipb
