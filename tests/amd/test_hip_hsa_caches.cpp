// The dlopen'ed HSA cache query: its constants match the headers, and it never throws.
#include <gtest/gtest.h>

#include "amd/hsa_caches.hpp"

#if __has_include(<hsa/hsa.h>) && __has_include(<hsa/hsa_ext_amd.h>)
#include <hsa/hsa.h>
#include <hsa/hsa_ext_amd.h>
// The values engine/amd/hsa_caches.cpp hard-codes.
static_assert(HSA_STATUS_SUCCESS == 0 && HSA_STATUS_INFO_BREAK == 1);
static_assert(HSA_AGENT_INFO_NAME == 0 && HSA_AGENT_INFO_DEVICE == 17 && HSA_DEVICE_TYPE_GPU == 1);
static_assert(HSA_AMD_AGENT_INFO_DRIVER_NODE_ID == 0xA004 && HSA_AMD_AGENT_INFO_BDFID == 0xA006 &&
              HSA_AMD_AGENT_INFO_DOMAIN == 0xA00F);
static_assert(HSA_CACHE_INFO_NAME_LENGTH == 0 && HSA_CACHE_INFO_NAME == 1 && HSA_CACHE_INFO_LEVEL == 2 &&
              HSA_CACHE_INFO_SIZE == 3);
#endif

TEST(HipHsaCaches, AMissingLibraryIsAReasonNotAnError) {
    const auto r = ts::amd::queryHsaCaches("libtoposcope-no-such-hsa.so.1");
    EXPECT_FALSE(r.available);
    EXPECT_NE(r.reason.find("cannot load"), std::string::npos) << r.reason;
    EXPECT_TRUE(r.gpus.empty());
}

TEST(HipHsaCaches, TheRealRuntimeAnswersWithoutThrowing) {
    // Without libhsa-runtime64 or without /dev/kfd (CI) this reports why; on an AMD machine it lists GPUs.
    ts::amd::HsaCacheReport r;
    EXPECT_NO_THROW(r = ts::amd::queryHsaCaches());
    if (!r.available) EXPECT_FALSE(r.reason.empty());
    for (const auto& gpu : r.gpus) EXPECT_FALSE(gpu.caches.empty()) << gpu.agentName;
}
