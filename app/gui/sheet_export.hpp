#pragma once
#include <QString>

#include "model/topology.hpp"
#include "topology/sheet_painter.hpp"

namespace ts::gui {

class EvidenceView;

// Writes the topology sheet (PDF) of `shown`; its evidence plots are drawn by `evidence`, the
// view the user set up (scale, palette), which shows what it showed before once the sheet is
// written. False with `error` set when it cannot be written; `stats` (optional) tells what was drawn.
bool exportTopologySheet(const Topology& shown, EvidenceView& evidence, const QString& path, QString* error = nullptr,
                         SheetStats* stats = nullptr);

}  // namespace ts::gui
