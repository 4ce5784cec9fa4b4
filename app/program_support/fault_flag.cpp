#include "program_support/fault_flag.hpp"

#include "backend/fault_injection.hpp"
#include "io/input_error.hpp"

namespace ts::app {

std::vector<Fault> parseFaultFlag(const std::string& spec) {
    if (spec.empty()) return {};
    try {
        return parseFaultSpec(spec);
    } catch (const FaultSpecError& e) {
        throw InputError(e.what());
    }
}

std::unique_ptr<Backend> withFaults(std::unique_ptr<Backend> backend, const std::vector<Fault>& faults) {
    if (faults.empty()) return backend;
    if (const std::string never = unreachableFaults(faults, *backend); !never.empty())
        throw InputError("--inject-fault: " + never);
    return std::make_unique<FaultInjectingBackend>(std::move(backend), faults);
}

}  // namespace ts::app
