#pragma once
// A figure on the sheet states its attribute's decision as the table does (issue 37, item 8:
// the constant L1.5's plot said "change point 100 KiB · confidence 1.00" beside a table of
// "≥ 64 KiB · confidence 0.00").
#include <QStringList>

#include "model/topology.hpp"

namespace ts::gui {

// The labels of the figure drawn for `seriesId` that say something the table does not, each as
// a sentence naming the label and what the table holds; empty when they agree. A label that
// states a value with a confidence must be a decision the series is evidence for, with the
// value and confidence the table prints; "change point X rejected · decided V" must name a
// decided V; a bare change point must not stand beside a decision.
QStringList figureDisagreements(const Topology& shown, const QString& seriesId, const QStringList& labels);

}  // namespace ts::gui
