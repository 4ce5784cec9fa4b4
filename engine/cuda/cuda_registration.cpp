// Registers the CUDA backend (backend/backend_registry.hpp). engine/cuda/CMakeLists.txt makes every
// binary that links toposcope_cuda keep this object, which nothing else references.
#include "backend/backend_registry.hpp"
#include "cuda/cuda_backend.hpp"
#include "cuda/peer_links.hpp"

extern "C" {
extern const int toposcopeCudaBackendRegistered;
const int toposcopeCudaBackendRegistered = 1;
}

namespace ts {
namespace {

const BackendRegistration registration{{
    "cuda", "CUDA", 0, true, [] { return cudaDeviceCount(); },
    [](const BackendOpenRequest& r) { return makeCudaBackend(r.device); },
    [](const std::vector<int>& devices, const std::string& host) { return cuda::measurePeerLinks(devices, host); }}};

}  // namespace
}  // namespace ts
