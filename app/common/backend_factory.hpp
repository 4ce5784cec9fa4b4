#pragma once
#include <memory>
#include <string>
#include <vector>

#include "backend/backend.hpp"

namespace ts::app {

struct BackendChoice {
    std::string backend = "auto";  // auto | cuda | hip | sim
    int device = 0;
    std::string profile;           // sim: built-in name or file; empty = h100
};

// Builds the backend; `notes` collects what auto chose and why. Throws BackendError
// (no such GPU, backend not built in) or InputError (bad profile).
std::unique_ptr<Backend> makeBackend(const BackendChoice& choice, std::vector<std::string>& notes);

// Names of the real-GPU backends compiled into this binary.
std::vector<std::string> compiledBackends();

}  // namespace ts::app
