#include "fleet_page.hpp"

#include <QAction>
#include <QFileDialog>
#include <QTabWidget>

#include "fleet_view/fleet_view.hpp"
#include "fleet_background_reader.hpp"

namespace ts::gui {

FleetPage::FleetPage(QTabWidget* tabs, QWidget* dialogParent)
    : QObject(dialogParent),
      tabs_(tabs),
      dialogParent_(dialogParent),
      openAction_(new QAction(tr("Open &Fleet…"), dialogParent)),
      reader_(new FleetBackgroundReader(this)) {
    openAction_->setShortcut(QKeySequence(tr("Ctrl+Shift+O")));
    openAction_->setToolTip(tr("Compare GPUs: a fleet report, or several TopoScope reports chosen at once"));
    connect(openAction_, &QAction::triggered, this, &FleetPage::askOpen);
    connect(reader_, &FleetBackgroundReader::loaded, this, &FleetPage::onLoaded);
    connect(reader_, &FleetBackgroundReader::failed, this, &FleetPage::onFailed);
}

void FleetPage::askOpen() {
    const QStringList paths = QFileDialog::getOpenFileNames(
        dialogParent_, tr("Open Fleet"), QString(), tr("Fleet reports or TopoScope reports (*.json);;All files (*)"));
    if (!paths.isEmpty()) open(paths);
}

bool FleetPage::open(const QStringList& paths) {
    if (!reader_->load(paths)) return false;
    openAction_->setEnabled(false);
    return true;
}

void FleetPage::onLoaded(const FleetComparison& data, const QStringList& paths) {
    openAction_->setEnabled(true);
    if (!view_) {
        view_ = new FleetView(tabs_);
        view_->setObjectName(QStringLiteral("fleetView"));
        tabs_->addTab(view_, tr("&Fleet"));
    }
    view_->setData(data);
    tabs_->setCurrentWidget(view_);
    Q_EMIT shown(FleetView::summaryText(data), paths);
}

void FleetPage::onFailed(const QString& file, const QString& problem) {
    openAction_->setEnabled(true);
    const QString text = file.isEmpty() ? tr("Could not open the fleet: %1").arg(problem)
                                        : tr("Could not open %1: %2").arg(file, problem);
    Q_EMIT failed(file, problem, text);
}

}  // namespace ts::gui
