#pragma once
#include <string>

#include <nlohmann/json.hpp>

#include "model/topology.hpp"

namespace ts {

// TopoScope's own report, format "toposcope-report/3" (schema: docs/report-schema.json): /2 plus
// each attribute's marks (model/attribute.hpp, Mark), which /1 and /2 kept only in the reason, and
// the element "compute" (the SM layout, issue 39).
inline constexpr const char* kReportFormat = "toposcope-report/3";
// /1 plus the set-structure and TLB attributes of issue 22 (ways, sets, indexFunction,
// replacementPolicy, tlbN*); still read, marks taken from the reasons (io/legacy_marks.hpp).
inline constexpr const char* kReportFormatV2 = "toposcope-report/2";
// The format before issue 22 (no set-structure or TLB attributes); still read, as /2.
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
