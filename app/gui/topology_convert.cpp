#include "topology_convert.hpp"

#include "event_convert.hpp"

namespace ts::gui {

TopologyData toTopologyData(const Topology& topology) {
    TopologyData d;
    d.device = topology.device;
    d.toolVersion = QString::fromStdString(topology.toolVersion);
    d.timestamp = QString::fromStdString(topology.timestamp);
    for (const auto& [element, report] : topology.elements)
        for (const auto& a : report.attributes) d.results.push_back(toResult(element, a));
    return d;
}

}  // namespace ts::gui
