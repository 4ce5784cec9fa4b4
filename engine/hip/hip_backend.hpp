// The HIP backend of TopoScope: the ts::Backend primitives (pointer chases pinned to CUs,
// timer overhead, bandwidth, device queries) on an AMD Instinct GPU (gfx90a, gfx94x).
// Design notes: docs/hip-backend.md.
#pragma once
#include <memory>

#include "backend/backend.hpp"

namespace ts {

// Backend for HIP device `device` (0-based). Throws BackendError with a readable reason when
// there is no AMD driver or GPU, the index is out of range, or this build has no kernels for
// the device's architecture. Not thread-safe: use one backend from one thread at a time.
std::unique_ptr<Backend> makeHipBackend(int device = 0);

// Number of HIP devices; 0 when there is no driver or no GPU. Never throws.
int hipDeviceCount();

}  // namespace ts
