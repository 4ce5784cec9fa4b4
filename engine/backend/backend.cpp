#include "backend/backend.hpp"

namespace ts {

std::vector<ChaseResult> Backend::chaseBatch(const std::vector<ChaseRequest>& requests) {
    std::vector<ChaseResult> results;
    results.reserve(requests.size());
    for (const auto& request : requests) results.push_back(chase(request));
    return results;
}

}  // namespace ts
