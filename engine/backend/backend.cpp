#include "backend/backend.hpp"

namespace ts {

std::vector<ChaseResult> Backend::chaseBatch(const std::vector<ChaseRequest>& requests) {
    std::vector<ChaseResult> results;
    results.reserve(requests.size());
    for (const auto& request : requests) results.push_back(chase(request));
    return results;
}

ChaseResult Backend::chaseSequence(const SequenceChase&) {
    throw BackendError("the " + kind() + " backend does not run address-sequence chases");
}

}  // namespace ts
