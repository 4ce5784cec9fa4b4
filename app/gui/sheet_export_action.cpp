#include "sheet_export_action.hpp"

#include <QFileDialog>
#include <QMainWindow>
#include <QMessageBox>
#include <QStatusBar>

#include "sheet_export.hpp"

namespace ts::gui {

SheetExportAction::SheetExportAction(QMainWindow& window, std::function<const Topology&()> shown, EvidenceView& evidence)
    : QAction(tr("Export &Sheet…"), &window), window_(window), shown_(std::move(shown)), evidence_(evidence) {
    setObjectName(QStringLiteral("exportSheetAction"));
    setToolTip(tr("Write the topology sheet (diagram, attributes, evidence plots) as a PDF"));
    chooser_ = [this] {
        return QFileDialog::getSaveFileName(&window_, tr("Export Sheet"), tr("topology-sheet.pdf"),
                                            tr("PDF document (*.pdf)"));
    };
    connect(this, &QAction::triggered, this, &SheetExportAction::exportSheet);
}

void SheetExportAction::exportSheet() {
    QString path = chooser_();
    if (path.isEmpty()) return;
    if (!path.endsWith(QLatin1String(".pdf"), Qt::CaseInsensitive)) path += QStringLiteral(".pdf");
    QString error;
    const bool ok = exportTopologySheet(shown_(), evidence_, path, &error);
    if (ok)
        window_.statusBar()->showMessage(tr("Topology sheet written to %1").arg(path), 8000);
    else
        QMessageBox::warning(&window_, tr("Export Sheet"), tr("The sheet could not be written: %1").arg(error));
    emit exported(path, ok, error);
}

}  // namespace ts::gui
