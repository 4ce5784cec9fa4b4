#include "hip/hip_error.hpp"

#include "backend/backend.hpp"

namespace ts::hipb {

void check(hipError_t e, const std::string& what) {
    if (e == hipSuccess) return;
    throw BackendError("hip: " + what + ": " + hipGetErrorName(e) + " (" + hipGetErrorString(e) + ")");
}

}  // namespace ts::hipb
