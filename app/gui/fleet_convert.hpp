#pragma once
// A fleet (its members' reports) compared by the engine, as the fleet view shows it. Kept as
// an adaptor because the widgets link only the model library, not the fleet comparison: this
// runs the engine's compare() and hands the view its verdicts, medians and elements as they
// are, in Qt strings; it decides nothing itself.
#include <vector>

#include "fleet/fleet_report.hpp"
#include "fleet/fleet_data.hpp"

namespace ts::gui {

FleetData toFleetData(const std::vector<fleet::FleetMember>& members);

}  // namespace ts::gui
