#pragma once
#include <string>

#include <hip/hip_runtime_api.h>

namespace ts::hipb {

// Throws BackendError "hip: <what>: <error text>" unless `e` is hipSuccess.
void check(hipError_t e, const std::string& what);

}  // namespace ts::hipb
