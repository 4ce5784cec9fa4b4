#pragma once
// --inject-fault (a testing aid, docs/faults.md): the spec checked once, and the faults wrapped
// around a backend, for a single run and for every GPU of --all-devices alike.
#include <memory>
#include <string>
#include <vector>

#include "backend/backend.hpp"
#include "backend/fault_spec.hpp"

namespace ts::app {

// The faults the flag names; none for an empty flag. Throws InputError on a bad spec.
std::vector<Fault> parseFaultFlag(const std::string& spec);

// `backend` inside a fault injector, or as it is when there are no faults. Throws InputError when a
// fault can never meet a call of this backend, BackendError for a creation fault (no-gpu).
std::unique_ptr<Backend> withFaults(std::unique_ptr<Backend> backend, const std::vector<Fault>& faults);

}  // namespace ts::app
