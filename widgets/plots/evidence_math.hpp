#pragma once
// What the decision plots draw beside the rows: the engine's decisions for a series. Quantiles and
// miss shares are the engine's rules (analysis/robust.hpp quantileSorted, analysis/miss_rule.hpp
// shareAbove); sortedLoads readies a row for the first.
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "plots/series_store.hpp"

namespace ts::gui {

// The loads in ascending order, as the engine's quantileSorted takes them.
std::vector<double> sortedLoads(std::span<const std::uint32_t> loads);
// The decision of `attribute` (an attr:: name) drawn from this series, or nullptr.
const Attribute* findDecision(const StoredSeries& series, std::string_view attribute);
// "Decision: 32 B (confidence 0.98): reason", or a note that there is none yet.
QString decisionText(const StoredSeries& series, std::string_view attribute);
// "Size = 245 KiB (confidence 0.99): <reason>" — without the colon where there is no reason.
QString decisionClause(const Attribute& decision);

}  // namespace ts::gui
