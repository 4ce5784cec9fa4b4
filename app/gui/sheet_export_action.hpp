#pragma once
#include <QAction>

#include <functional>

namespace ts::gui {

class MainWindow;

// File ▸ Export Sheet…: asks for a file name and writes the topology sheet of the
// window's run or recording with the code `--export-pdf` uses (sheet_export).
class SheetExportAction : public QAction {
    Q_OBJECT
public:
    explicit SheetExportAction(MainWindow& window);
    // Tests answer the file dialog: returns the chosen path, empty for cancel.
    void setPathChooser(std::function<QString()> chooser) { chooser_ = std::move(chooser); }

signals:
    void exported(const QString& path, bool ok, const QString& error);

private:
    void exportSheet();

    MainWindow& window_;
    std::function<QString()> chooser_;
};

}  // namespace ts::gui
