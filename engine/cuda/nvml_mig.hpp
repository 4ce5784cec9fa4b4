#pragma once
// The MIG layout of one GPU through NVML: mode, GPU-instance profiles with their possible
// placements, the instances that exist and, inside a MIG instance, which one this is.
// Read-only queries only. Each missing symbol or failing call leaves its part out and says why.
#include "cuda/nvml_api.hpp"
#include "model/mig.hpp"

namespace ts::cuda {

// `parent`: the physical GPU; `self`: this process's MIG device handle, or nullptr when not
// inside a MIG instance. NVML must be initialised.
MigLayout readMigLayout(const nvml::Api& api, nvml::Device parent, nvml::Device self);

MigLayout migLayoutUnknown(const std::string& reason);

}  // namespace ts::cuda
