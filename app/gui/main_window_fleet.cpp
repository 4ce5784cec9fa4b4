// The fleet part of MainWindow: File > Open Fleet…, --fleet FILE..., and the Fleet tab.
#include <QAction>
#include <QCoreApplication>
#include <QFileDialog>
#include <QLabel>
#include <QMessageBox>
#include <QTabWidget>

#include <cstdio>

#include "fleet_loader.hpp"
#include "fleet_screenshots.hpp"
#include "fleet/fleet_view.hpp"
#include "main_window.hpp"

namespace ts::gui {

void MainWindow::buildFleetAction() {
    openFleetAction_ = new QAction(tr("Open &Fleet…"), this);
    openFleetAction_->setShortcut(QKeySequence(tr("Ctrl+Shift+O")));
    openFleetAction_->setToolTip(tr("Compare GPUs: a fleet report, or several TopoScope reports chosen at once"));
    connect(openFleetAction_, &QAction::triggered, this, &MainWindow::askOpenFleet);
    addAction(openFleetAction_);
    fleetLoader_ = new FleetLoader(this);
    connect(fleetLoader_, &FleetLoader::loaded, this, &MainWindow::onFleetLoaded);
    connect(fleetLoader_, &FleetLoader::failed, this, &MainWindow::onFleetFailed);
}

void MainWindow::askOpenFleet() {
    const QStringList paths = QFileDialog::getOpenFileNames(
        this, tr("Open Fleet"), QString(), tr("Fleet reports or TopoScope reports (*.json);;All files (*)"));
    if (!paths.isEmpty()) openFleet(paths);
}

void MainWindow::openFleet(const QStringList& paths) {
    if (!fleetLoader_->load(paths)) {
        log(tr("a fleet is still loading; try again when it is shown"));
        return;
    }
    openFleetAction_->setEnabled(false);
    stepLabel_->setText(tr("Loading %n fleet file(s)…", nullptr, static_cast<int>(paths.size())));
}

void MainWindow::onFleetLoaded(const FleetData& data, const QStringList& paths) {
    openFleetAction_->setEnabled(true);
    if (!fleet_) {
        fleet_ = new FleetView(this);
        fleet_->setObjectName(QStringLiteral("fleetView"));
        tabs_->addTab(fleet_, tr("&Fleet"));
    }
    fleet_->setData(data);
    tabs_->setCurrentWidget(fleet_);
    const QString summary = FleetView::summaryText(data);
    stepLabel_->setText(summary);
    log(tr("fleet: %1 (from %2)").arg(summary, paths.join(QStringLiteral(", "))));
    Q_EMIT fleetOpened();
    if (options_.fleet.isEmpty()) return;  // opened from the menu, not at launch
    if (!options_.screenshotDir.isEmpty())
        for (const auto& s : saveFleetScreenshots(*this, options_.screenshotDir)) log(tr("screenshot: %1").arg(s));
    // With a run or a recording to open as well, the quit waits for that.
    if (options_.quitAfterRun && !options_.run && options_.recording.isEmpty())
        QMetaObject::invokeMethod(this, &QWidget::close, Qt::QueuedConnection);
}

void MainWindow::onFleetFailed(const QString& file, const QString& problem) {
    openFleetAction_->setEnabled(true);
    const QString text = file.isEmpty() ? tr("Could not open the fleet: %1").arg(problem)
                                        : tr("Could not open %1: %2").arg(file, problem);
    stepLabel_->setText(text);
    log(text);
    Q_EMIT fleetFailed(file, problem);
    if (!options_.fleet.isEmpty() && options_.quitAfterRun) {  // headless launch: no one to click a dialog
        std::fprintf(stderr, "toposcope: %s\n", qPrintable(text));
        QMetaObject::invokeMethod(qApp, [] { QCoreApplication::exit(2); }, Qt::QueuedConnection);
        return;
    }
    QMessageBox::warning(this, tr("Open Fleet"), text);
}

}  // namespace ts::gui
