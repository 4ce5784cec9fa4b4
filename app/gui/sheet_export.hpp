#pragma once
#include <QString>

namespace ts::gui {

class MainWindow;

// Writes the topology sheet (PDF) of the window's run or recording; its evidence plots are
// drawn by the window's own evidence plots. False with `error` set when it cannot be written.
bool exportTopologySheet(MainWindow& window, const QString& path, QString* error = nullptr);

}  // namespace ts::gui
