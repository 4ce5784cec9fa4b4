#pragma once
// Small per-row figures the decision plots draw. The decisions themselves are the engine's;
// these only restate what it compared, for display.
#include <cstdint>
#include <span>

#include "plots/series_store.hpp"

namespace ts::gui {

// Fraction of the row's loads slower than `threshold`.
double missFraction(std::span<const std::uint32_t> loads, double threshold);
// q in [0, 1], nearest rank; 0 for no loads.
double quantile(std::span<const std::uint32_t> loads, double q);
// The decision of `attribute` drawn from this series, or nullptr.
const Attribute* findDecision(const StoredSeries& series, const QString& attribute);
// "Decision: 32 B (confidence 0.98): reason", or a note that there is none yet.
QString decisionText(const StoredSeries& series, const QString& attribute);

}  // namespace ts::gui
