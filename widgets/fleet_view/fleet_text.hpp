#pragma once
// The fleet comparison's values as the fleet view writes them (the comparison itself is the
// engine's model, model/fleet_comparison.hpp).
#include <QString>
#include <QStringList>

#include <string>

#include "model/fleet_comparison.hpp"

namespace ts::gui {

// "node1 · 0 · 3f2a9c1b": host (or the engine's label when unknown), device index, UUID short.
QString fleetRowLabel(const FleetComparison& fleet, int member);
// The value in the attribute's unit as format.hpp writes it: "25 MiB", "220.0 cycles".
QString formatFleetValue(double value, const std::string& unit);
// "4.2", "-13.7", "+∞", "−∞".
QString formatRobustZ(double z);
// The diagram's ids ("l1", "vl1") of the elements the attribute is read from.
QStringList fleetElementIds(const FleetAttribute& attribute);

}  // namespace ts::gui
