#include "backend/backend_registry.hpp"

#include <algorithm>

namespace ts {
namespace {

// Built on first use: registrations run during static initialisation, in no fixed order.
std::vector<BackendEntry>& entries() {
    static std::vector<BackendEntry> all;
    return all;
}

}  // namespace

void registerBackend(BackendEntry entry) {
    auto& all = entries();
    all.push_back(std::move(entry));
    std::stable_sort(all.begin(), all.end(), [](const BackendEntry& a, const BackendEntry& b) { return a.order < b.order; });
}

std::vector<const BackendEntry*> registeredBackends() {
    std::vector<const BackendEntry*> out;
    for (const auto& e : entries()) out.push_back(&e);
    return out;
}

const BackendEntry* findBackend(std::string_view name) {
    for (const auto& e : entries())
        if (e.name == name) return &e;
    return nullptr;
}

}  // namespace ts
