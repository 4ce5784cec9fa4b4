// The one validation of a ChaseRequest: every backend checks each request against its own
// limits (backend/chase_limits.hpp) with these rules before it plans a launch or a simulation.
#pragma once
#include <cstdint>
#include <string>

#include "backend/backend.hpp"
#include "backend/chase_limits.hpp"

namespace ts {

// The second chaser's array after its defaults: a sameArray chaser without its own size or
// stride takes the main chaser's.
struct SecondArray {
    std::uint64_t bytes = 0;
    std::uint64_t strideBytes = 0;
};
SecondArray secondArrayOf(const ChaseRequest& request);

// Loads of one pass over `size` in steps of `stride` (both in bytes, or both in elements).
std::uint64_t loadsPerPass(std::uint64_t size, std::uint64_t stride);
// Loads of `passes` such passes, for a kernel's 32-bit counter: checkChaseRequest held every walk
// of a request it let through below 2^32.
std::uint32_t walkLoads(std::uint64_t passes, std::uint64_t size, std::uint64_t stride);
// Loads the request makes: warm-up walk, timed pass, second chaser (block reads count as loads).
std::uint64_t totalLoadsOf(const ChaseRequest& request);
// "global chase of 4096 B, stride 128 B, unit 0": the request in a message.
std::string describeChase(const ChaseRequest& request);

// Throws BackendError ("<backend>: <problem> in <request>") where the request breaks a rule.
void checkChaseRequest(const ChaseRequest& request, const ChaseLimits& limits);

}  // namespace ts
