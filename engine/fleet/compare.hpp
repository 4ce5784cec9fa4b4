#pragma once
// GPUs x key attributes, with the outliers of each attribute marked.
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "fleet/fleet_report.hpp"
#include "fleet/key_attributes.hpp"
#include "model/fleet_comparison.hpp"

namespace ts::fleet {

// The result types are the model's (model/fleet_comparison.hpp), which the fleet view reads too.
using Cell = ts::FleetCell;
using Comparison = ts::FleetComparison;

// Label of one member: "host GPU n (rank r)" where the host is known, else its source file.
std::string memberLabel(const FleetMember& member);

Comparison compare(const std::vector<FleetMember>& members);

// The comparison as JSON ("toposcope-compare/1", docs/fleet.md).
nlohmann::json comparisonToJson(const Comparison& comparison, const std::vector<FleetMember>& members);

}  // namespace ts::fleet
