#pragma once
#include <string>
#include <vector>

namespace ts {

// What this binary was built from and for: the commit (git describe when it was built, "unknown"
// outside git), the backends compiled in, and the GPU architectures their kernels were built for.
struct BuildInfo {
    std::string version;
    std::string commit;
    std::vector<std::string> backends;           // "cuda", "hip", "sim"
    std::vector<std::string> cudaArchitectures;  // e.g. "80", "90"; empty without the CUDA backend
    std::vector<std::string> hipArchitectures;   // e.g. "gfx90a"; empty without the HIP backend
};

const BuildInfo& buildInfo();

// `program VERSION` on the first line (a contract: docs/cli.md), then one line each for the
// commit, the backends and the CUDA and HIP architectures.
std::string versionText(const std::string& program);

}  // namespace ts
