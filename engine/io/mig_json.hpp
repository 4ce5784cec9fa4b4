#pragma once
// The MIG parts of TopoScope's report: `device.mig` (the layout, API facts) and the top-level
// `mig` section (what each profile/instance gets, with sources). Schema: docs/report-schema.json.
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "analysis/mig_shares.hpp"
#include "model/mig.hpp"

namespace ts {

nlohmann::json migLayoutToJson(const MigLayout& layout);
// Throws InputError naming `origin`, the place (`where`, e.g. "device.mig") and the problem.
MigLayout migLayoutFromJson(const nlohmann::json& json, const std::string& origin, const std::string& where);

using AttributeWriter = nlohmann::json (*)(const Attribute&);
nlohmann::json migSharesToJson(const MigLayout& layout, const std::vector<MigShare>& shares, AttributeWriter writeAttribute);

}  // namespace ts
