#pragma once
#include <string>

#include <nlohmann/json.hpp>

#include "model/topology.hpp"

namespace ts {

// TopoScope's own report, format "toposcope-report/2" (schema: docs/report-schema.json): /1 plus the
// set-structure and TLB attributes of issue 22 (ways, sets, indexFunction, replacementPolicy, tlbN*).
inline constexpr const char* kReportFormat = "toposcope-report/2";
// The format before issue 22 (no set-structure or TLB attributes); still read.
inline constexpr const char* kReportFormatV1 = "toposcope-report/1";

nlohmann::json reportToJson(const Topology& topology, bool withSeries = true);
// Throws InputError naming `origin` and the problem.
Topology reportFromJson(const nlohmann::json& json, const std::string& origin);
// A whole report, as a file holds it: reportFromJson, and "device" and "elements" must be there
// (reportFromJson alone also decodes the parts a session records).
Topology wholeReportFromJson(const nlohmann::json& json, const std::string& origin);

void writeReportFile(const Topology& topology, const std::string& path);  // "-" = stdout
Topology readReportFile(const std::string& path);

}  // namespace ts
