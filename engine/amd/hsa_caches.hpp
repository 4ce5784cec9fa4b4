#pragma once
// The caches the HSA runtime reports per GPU agent (hsa_agent_iterate_caches), read through
// dlopen of libhsa-runtime64.so.1: no build-time dependency, and an empty answer (with the
// reason) where the library or a GPU is missing. Never throws.
#include <cstdint>
#include <string>
#include <vector>

namespace ts::amd {

struct HsaCache {
    std::string name;        // "L1", "L2", ... as the runtime names it
    int level = 0;
    std::uint64_t sizeBytes = 0;
};

struct HsaAgentCaches {
    std::string agentName;   // "gfx90a"
    std::uint32_t driverNodeId = 0;  // the KFD node, when the runtime says
    std::uint32_t domain = 0;
    std::uint32_t bdf = 0;   // bus << 8 | device << 3 | function
    std::vector<HsaCache> caches;
};

struct HsaCacheReport {
    bool available = false;  // the runtime loaded and initialised
    std::string reason;      // why not, when not
    std::vector<HsaAgentCaches> gpus;
};

HsaCacheReport queryHsaCaches(const std::string& library = "libhsa-runtime64.so.1");

}  // namespace ts::amd
