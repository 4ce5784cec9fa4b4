#pragma once
#include <nlohmann/json.hpp>

#include "model/topology.hpp"

namespace ts {

// The same results in MT4G's JSON report layout (the keys of its published sample
// reports), so that tools reading MT4G (sys-sage, GPUscout-GUI) can read us.
nlohmann::json topologyToMt4gJson(const Topology& topology);

}  // namespace ts
