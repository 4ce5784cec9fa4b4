// Registers the simulator (backend/backend_registry.hpp). engine/CMakeLists.txt makes every binary
// that links toposcope_engine keep this object, which nothing else references.
#include "backend/backend_registry.hpp"
#include "io/input_error.hpp"
#include "sim/profile.hpp"
#include "sim/sim_backend.hpp"

extern "C" {
extern const int toposcopeSimBackendRegistered;
const int toposcopeSimBackendRegistered = 1;
}

namespace ts {
namespace {

std::unique_ptr<Backend> openSim(const BackendOpenRequest& r) {
    const std::string name = r.profile.empty() ? "h100" : r.profile;
    try {
        std::vector<std::string> warnings;
        auto profile = loadProfile(name, &warnings);
        if (r.notes)
            for (auto& w : warnings) r.notes->push_back("profile: " + w);
        return std::make_unique<SimBackend>(std::move(profile));
    } catch (const ProfileError& e) {
        throw InputError(e.what());
    }
}

const BackendRegistration registration{{"sim", "simulator", 100, false, [] { return 0; }, openSim, {}}};

}  // namespace
}  // namespace ts
