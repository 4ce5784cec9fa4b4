#pragma once
// A fleet (its members' reports) compared by the engine, as the value types the fleet view shows.
#include <vector>

#include "fleet/fleet_report.hpp"
#include "fleet/fleet_data.hpp"

namespace ts::gui {

FleetData toFleetData(const std::vector<fleet::FleetMember>& members);

}  // namespace ts::gui
