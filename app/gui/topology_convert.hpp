#pragma once
// A whole Topology (a finished run, a report) as the value types the topology views draw.
#include "model/topology.hpp"
#include "topology/topology_data.hpp"

namespace ts::gui {

TopologyData toTopologyData(const Topology& topology);

}  // namespace ts::gui
