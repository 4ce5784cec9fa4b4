#include "hip/hip_error.hpp"

#include "backend/backend.hpp"

namespace ts::hipb {
namespace {

// Errors after which the context is unusable: every later call fails as well, so the
// engine should stop calling the device (BackendError::deviceLost).
bool losesTheDevice(hipError_t e) {
    return e == hipErrorIllegalAddress || e == hipErrorLaunchFailure || e == hipErrorLaunchTimeOut ||
           e == hipErrorECCNotCorrectable;
}

}  // namespace

void check(hipError_t e, const std::string& what) {
    if (e == hipSuccess) return;
    throw BackendError("hip: " + what + ": " + hipGetErrorName(e) + " (" + hipGetErrorString(e) + ")", losesTheDevice(e));
}

}  // namespace ts::hipb
