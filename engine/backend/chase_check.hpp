// The one validation of a ChaseRequest: every backend checks each request against its own
// limits (backend/chase_limits.hpp) with these rules before it plans a launch or a simulation.
#pragma once
#include <cstdint>

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

// Loads the request makes: warm-up walk, timed pass, second chaser (block reads count as loads).
std::uint64_t totalLoadsOf(const ChaseRequest& request);

// Throws BackendError ("<backend>: <problem> in <request>") where the request breaks a rule.
void checkChaseRequest(const ChaseRequest& request, const ChaseLimits& limits);

}  // namespace ts
