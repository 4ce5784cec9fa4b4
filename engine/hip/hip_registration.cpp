// Registers the HIP backend (backend/backend_registry.hpp). engine/hip/CMakeLists.txt makes every
// binary that links toposcope_hip keep this object, which nothing else references.
#include "backend/backend_registry.hpp"
#include "hip/hip_backend.hpp"

extern "C" {
extern const int toposcopeHipBackendRegistered;
const int toposcopeHipBackendRegistered = 1;
}

namespace ts {
namespace {

const BackendRegistration registration{{"hip", "HIP", 1, true, [] { return hipDeviceCount(); },
                                        [](const BackendOpenRequest& r) { return makeHipBackend(r.device); }, {}}};

}  // namespace
}  // namespace ts
