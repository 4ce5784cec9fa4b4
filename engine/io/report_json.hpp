#pragma once
#include <string>

#include <nlohmann/json.hpp>

#include "model/topology.hpp"

namespace ts {

// TopoScope's own report, format "toposcope-report/1" (schema: docs/report-schema.json).
inline constexpr const char* kReportFormat = "toposcope-report/1";

nlohmann::json reportToJson(const Topology& topology, bool withSeries = true);
// Throws InputError naming `origin` and the problem.
Topology reportFromJson(const nlohmann::json& json, const std::string& origin);
// A whole report, as a file holds it: reportFromJson, and "device" and "elements" must be there
// (reportFromJson alone also decodes the parts a session records).
Topology wholeReportFromJson(const nlohmann::json& json, const std::string& origin);

void writeReportFile(const Topology& topology, const std::string& path);  // "-" = stdout
Topology readReportFile(const std::string& path);

}  // namespace ts
