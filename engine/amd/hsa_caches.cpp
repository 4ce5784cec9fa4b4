#include "amd/hsa_caches.hpp"

#include <dlfcn.h>

#include <cstring>

namespace ts::amd {
namespace {

// The few HSA declarations used, with the values of hsa.h / hsa_ext_amd.h (a test checks
// them against the headers where those are installed).
using Status = int;
struct Agent { std::uint64_t handle; };
struct Cache { std::uint64_t handle; };
constexpr Status kSuccess = 0;
constexpr Status kInfoBreak = 1;
constexpr int kAgentInfoName = 0;           // char[64]
constexpr int kAgentInfoDevice = 17;        // hsa_device_type_t
constexpr int kDeviceTypeGpu = 1;
constexpr int kAmdAgentInfoDriverNodeId = 0xA004;
constexpr int kAmdAgentInfoBdfId = 0xA006;
constexpr int kAmdAgentInfoDomain = 0xA00F;
constexpr int kCacheInfoNameLength = 0;     // uint32_t
constexpr int kCacheInfoName = 1;           // char*
constexpr int kCacheInfoLevel = 2;          // uint8_t
constexpr int kCacheInfoSize = 3;           // uint32_t

struct Api {
    Status (*init)() = nullptr;
    Status (*shutDown)() = nullptr;
    Status (*iterateAgents)(Status (*)(Agent, void*), void*) = nullptr;
    Status (*agentGetInfo)(Agent, int, void*) = nullptr;
    Status (*iterateCaches)(Agent, Status (*)(Cache, void*), void*) = nullptr;
    Status (*cacheGetInfo)(Cache, int, void*) = nullptr;
};

template <typename F>
bool bind(void* lib, const char* name, F& f) {
    f = reinterpret_cast<F>(dlsym(lib, name));
    return f != nullptr;
}

struct Walk {
    const Api* api;
    HsaCacheReport* report;
};

Status onCache(Cache cache, void* data) {
    auto* w = static_cast<Walk*>(data);
    HsaCache c;
    std::uint8_t level = 0;
    std::uint32_t size = 0, nameLength = 0;
    if (w->api->cacheGetInfo(cache, kCacheInfoLevel, &level) == kSuccess) c.level = level;
    if (w->api->cacheGetInfo(cache, kCacheInfoSize, &size) == kSuccess) c.sizeBytes = size;
    if (w->api->cacheGetInfo(cache, kCacheInfoNameLength, &nameLength) == kSuccess && nameLength < 256) {
        char name[257] = {};
        if (w->api->cacheGetInfo(cache, kCacheInfoName, name) == kSuccess) c.name.assign(name, strnlen(name, nameLength));
    }
    w->report->gpus.back().caches.push_back(c);
    return kSuccess;
}

Status onAgent(Agent agent, void* data) {
    auto* w = static_cast<Walk*>(data);
    int type = -1;
    if (w->api->agentGetInfo(agent, kAgentInfoDevice, &type) != kSuccess || type != kDeviceTypeGpu) return kSuccess;
    HsaAgentCaches a;
    char name[64] = {};
    if (w->api->agentGetInfo(agent, kAgentInfoName, name) == kSuccess) a.agentName.assign(name, strnlen(name, sizeof name));
    w->api->agentGetInfo(agent, kAmdAgentInfoDriverNodeId, &a.driverNodeId);
    w->api->agentGetInfo(agent, kAmdAgentInfoBdfId, &a.bdf);
    w->api->agentGetInfo(agent, kAmdAgentInfoDomain, &a.domain);
    w->report->gpus.push_back(a);
    w->api->iterateCaches(agent, onCache, data);
    return kSuccess;
}

}  // namespace

HsaCacheReport queryHsaCaches(const std::string& library) {
    HsaCacheReport report;
    void* lib = dlopen(library.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!lib) {
        const char* e = dlerror();
        report.reason = "cannot load " + library + (e ? std::string(": ") + e : "");
        return report;
    }
    Api api;
    if (!bind(lib, "hsa_init", api.init) || !bind(lib, "hsa_shut_down", api.shutDown) ||
        !bind(lib, "hsa_iterate_agents", api.iterateAgents) || !bind(lib, "hsa_agent_get_info", api.agentGetInfo) ||
        !bind(lib, "hsa_agent_iterate_caches", api.iterateCaches) || !bind(lib, "hsa_cache_get_info", api.cacheGetInfo)) {
        report.reason = library + " lacks the cache query functions (HSA runtime older than 1.1)";
        dlclose(lib);
        return report;
    }
    if (const Status s = api.init(); s != kSuccess) {
        report.reason = "hsa_init failed with status " + std::to_string(s) + " (no GPU driver, or no access to /dev/kfd)";
        dlclose(lib);
        return report;
    }
    Walk walk{&api, &report};
    const Status s = api.iterateAgents(onAgent, &walk);
    if (s != kSuccess && s != kInfoBreak) report.reason = "hsa_iterate_agents failed with status " + std::to_string(s);
    report.available = true;
    api.shutDown();
    // The runtime keeps threads and handlers it may still need: unloading it here is unsafe.
    return report;
}

}  // namespace ts::amd
