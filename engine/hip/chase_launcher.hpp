#pragma once
// Runs ChaseRequests on the GPU: arrays, LDS layout, pinned launches, placement checks.
#include <cstdint>
#include <string>
#include <vector>

#include "backend/backend.hpp"
#include "chase_abi.hpp"
#include "hip/cu_pinning.hpp"
#include "hip/device_memory.hpp"

namespace ts::hipb {

struct ChaseLimits {
    std::uint64_t maxGlobalBytes = 0;  // one chaser's array in device memory
    std::uint64_t maxLdsBytes = 0;     // one chaser's array in LDS
    std::uint64_t flushBytes = 0;      // written before a cold chase, to empty the L2 (and L3)
    int maxWavesPerBlock = 16;
};

class ChaseLauncher {
public:
    ChaseLauncher(CuPinning& pinning, ChaseLimits limits) : pinning_(pinning), limits_(limits) {}

    ChaseResult run(const ChaseRequest& request);
    std::vector<std::uint32_t> timerOverhead(int samples);

    std::uint64_t launches() const { return launches_; }
    std::uint64_t retries() const { return retries_; }

private:
    struct Plan;
    Plan plan(const ChaseRequest& r);
    void prepareMainArray(const Plan& p);
    // One attempt; empty string when the waves ran where they should, else what went wrong.
    std::string attempt(const Plan& p, ChaseResult& out);

    CuPinning& pinning_;
    ChaseLimits limits_;
    DeviceBuffer mainArray_, secondArray_, flags_, results_, flush_;
    std::uint64_t initialisedFor_[3] = {0, 0, 0};  // address, elems, stride of the last init
    std::uint32_t epoch_ = 0;
    std::uint64_t launches_ = 0, retries_ = 0;
};

}  // namespace ts::hipb
