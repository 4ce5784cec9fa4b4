#pragma once
#include <QAction>

#include <functional>

#include "model/topology.hpp"

class QMainWindow;

namespace ts::gui {

class EvidenceView;

// File ▸ Export Sheet…: asks for a file name and writes the topology sheet of the shown run or
// recording (`shown` answers it at the time) with the code `--export-pdf` uses (sheet_export).
class SheetExportAction : public QAction {
    Q_OBJECT
public:
    SheetExportAction(QMainWindow& window, std::function<const Topology&()> shown, EvidenceView& evidence);
    // Tests answer the file dialog: returns the chosen path, empty for cancel.
    void setPathChooser(std::function<QString()> chooser) { chooser_ = std::move(chooser); }

signals:
    void exported(const QString& path, bool ok, const QString& error);

private:
    void exportSheet();

    QMainWindow& window_;
    std::function<const Topology&()> shown_;
    EvidenceView& evidence_;
    std::function<QString()> chooser_;
};

}  // namespace ts::gui
