#pragma once
// Runs ChaseRequests on the GPU: arrays, LDS layout, pinned launches, placement checks.
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "backend/backend.hpp"
#include "backend/chase_limits.hpp"
#include "chase_abi.hpp"
#include "hip/cu_pinning.hpp"
#include "hip/device_memory.hpp"

namespace ts::hipb {

class ChaseLauncher {
public:
    // flushBytes: written before a cold chase, to empty the L2 (and L3).
    ChaseLauncher(CuPinning& pinning, ChaseLimits limits, std::uint64_t flushBytes)
        : pinning_(pinning), limits_(std::move(limits)), flushBytes_(flushBytes) {}

    const ChaseLimits& limits() const { return limits_; }

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
    const ChaseLimits limits_;
    const std::uint64_t flushBytes_;
    DeviceBuffer mainArray_, secondArray_, flags_, results_, flush_;
    std::uint64_t initialisedFor_[3] = {0, 0, 0};  // address, elems, stride of the last init
    std::uint32_t epoch_ = 0;
    std::uint64_t launches_ = 0, retries_ = 0;
};

}  // namespace ts::hipb
