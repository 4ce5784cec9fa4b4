#pragma once
#include "model/topology.hpp"

namespace ts {

// Facts the vendor API reports, as attributes with source API (never measured, never guessed).
void addApiAttributes(Topology& topology);

}  // namespace ts
