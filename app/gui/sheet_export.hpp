#pragma once
#include <QString>

#include "topology/sheet_painter.hpp"

namespace ts::gui {

class MainWindow;

// Writes the topology sheet (PDF) of the window's run or recording; its evidence plots are
// drawn by the window's own evidence plots. False with `error` set when it cannot be written;
// `stats` (optional) tells what was drawn.
bool exportTopologySheet(MainWindow& window, const QString& path, QString* error = nullptr, SheetStats* stats = nullptr);

}  // namespace ts::gui
