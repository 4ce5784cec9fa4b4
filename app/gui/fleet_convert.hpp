#pragma once
// A fleet (its members' reports) compared by the engine, as the fleet view shows it. Kept as
// an adaptor because the widgets link only the model library, not the fleet comparison: this
// runs the engine's compare() and judgeOutliers() and hands the view their verdicts.
#include <vector>

#include "fleet/fleet_report.hpp"
#include "fleet/fleet_data.hpp"

namespace ts::gui {

FleetData toFleetData(const std::vector<fleet::FleetMember>& members);

}  // namespace ts::gui
