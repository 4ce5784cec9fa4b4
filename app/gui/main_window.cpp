#include "main_window.hpp"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QComboBox>
#include <QDateTime>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QPushButton>
#include <QScreen>
#include <QPlainTextEdit>
#include <QSettings>
#include <QStatusBar>
#include <QTabWidget>
#include <QTimer>
#include <QVBoxLayout>

#include <algorithm>
#include <cstdio>
#include <utility>

#include "benchmarks/benchmark_groups.hpp"
#include "cu-map/cu_map_view.hpp"
#include "sm-map/sm_map_view.hpp"
#include "evidence_page.hpp"
#include "fleet_page.hpp"
#include "help_menu.hpp"
#include "launch_device.hpp"
#include "plots/evidence_view.hpp"
#include "view_support/qt_text.hpp"
#include "view_support/shared_gpu_mark.hpp"
#include "mig/mig_view.hpp"
#include "palettes.hpp"
#include "recent_files.hpp"
#include "recording_menu.hpp"
#include "replay_speed_menu.hpp"
#include "view_support/results_model.hpp"
#include "run_controller.hpp"
#include "run_page.hpp"
#include "run_panel.hpp"
#include "run_status.hpp"
#include "fleet_screenshots.hpp"
#include "screenshots.hpp"
#include "plots/series_store.hpp"
#include "sheet_export.hpp"
#include "sheet_export_action.hpp"
#include "fleet_view/fleet_view.hpp"
#include "topology/topology_panel.hpp"
#include "topology/topology_view.hpp"

namespace ts::gui {
namespace {

constexpr int kLogLines = 5000;

}  // namespace

MainWindow::MainWindow(const LaunchOptions& options, QWidget* parent)
    : QMainWindow(parent),
      options_(options),
      controller_(new RunController(this)),
      store_(new SeriesStore(this)),
      results_(new ResultsModel(this)) {
    setWindowTitle(tr("TopoScope"));
    buildActions();
    buildLayout();
    buildRecordingSupport();
    buildMenus();
    connectWorker();
    restoreSettings();
    updateActions();
    controller_->requestDevices();
    if (!options_.fleet.isEmpty()) openFleet(options_.fleet);
}

MainWindow::~MainWindow() = default;

void MainWindow::buildActions() {
    runAction_ = new QAction(tr("&Run"), this);
    runAction_->setShortcuts({QKeySequence(tr("Ctrl+R")), QKeySequence(Qt::Key_F5)});
    runAction_->setToolTip(tr("Run the checked benchmarks on the chosen device (Ctrl+R, F5)"));
    connect(runAction_, &QAction::triggered, this, &MainWindow::startRun);
    cancelAction_ = new QAction(tr("&Cancel"), this);
    cancelAction_->setShortcuts({QKeySequence(tr("Ctrl+.")), QKeySequence(Qt::Key_Escape)});
    cancelAction_->setToolTip(tr("Stop the run; what was measured so far stays (Esc)"));
    connect(cancelAction_, &QAction::triggered, this, &MainWindow::cancelRun);
    replayAction_ = new QAction(tr("Re&play Recording"), this);
    replayAction_->setShortcut(QKeySequence(tr("Ctrl+Shift+R")));
    replayAction_->setToolTip(tr("Play the recording shown as if it were running, at its recorded pace or slower "
                                 "(Ctrl+Shift+R); Cancel shows the rest at once"));
    connect(replayAction_, &QAction::triggered, this, &MainWindow::replayShownRecording);
    saveAction_ = new QAction(tr("&Save Report…"), this);
    saveAction_->setShortcut(QKeySequence::Save);
    connect(saveAction_, &QAction::triggered, this, &MainWindow::askSaveReport);
    quitAction_ = new QAction(tr("&Quit"), this);
    quitAction_->setShortcut(QKeySequence::Quit);
    connect(quitAction_, &QAction::triggered, this, &QWidget::close);
    for (QAction* a : {runAction_, cancelAction_, replayAction_, saveAction_, quitAction_}) addAction(a);
}

void MainWindow::buildLayout() {
    evidencePage_ = new EvidencePage(store_, results_, this);
    topology_ = new TopologyPanel(this);
    connect(topology_, &TopologyPanel::evidenceRequested, this, &MainWindow::showEvidence);
    cuMap_ = new CuMapView(this);
    tabs_ = new QTabWidget(this);
    tabs_->setObjectName(QStringLiteral("centralTabs"));
    tabs_->addTab(evidencePage_, tr("&Evidence"));
    tabs_->addTab(topology_, tr("&Topology"));
    tabs_->addTab(cuMap_, tr("&CU Sharing"));
    smMap_ = new SmMapView(this);
    connect(smMap_, &SmMapView::evidenceRequested, this, &MainWindow::showEvidence);
    tabs_->addTab(smMap_, tr("SM &Layout"));
    migView_ = new MigView(this);
    tabs_->addTab(migView_, tr("&MIG"));
    // The run's banner: another process used the GPU (docs/faults.md, "A shared GPU").
    sharedGpuBanner_ = new QLabel(this);
    sharedGpuBanner_->setObjectName(QStringLiteral("sharedGpuBanner"));
    sharedGpuBanner_->setWordWrap(true);
    sharedGpuBanner_->setStyleSheet(QStringLiteral("QLabel { background: #fff1dc; color: #6b3a00; border: 1px solid %1; "
                                                   "padding: 4px; }")
                                        .arg(sharedGpuColour().name()));
    sharedGpuBanner_->hide();
    auto* central = new QWidget(this);
    auto* column = new QVBoxLayout(central);
    column->setContentsMargins(0, 0, 0, 0);
    column->setSpacing(2);
    column->addWidget(sharedGpuBanner_);
    column->addWidget(tabs_, 1);
    setCentralWidget(central);
    runPanel_ = new RunPanel(runAction_, cancelAction_, this);
    runPanel_->addReplayButton(replayAction_);
    connect(runPanel_, &RunPanel::deviceChanged, this, &MainWindow::updateActions);
    connect(runPanel_, &RunPanel::deviceChanged, this, &MainWindow::describeChosenDevice);
    auto* runDock = new QDockWidget(tr("Run"), this);
    runDock->setObjectName(QStringLiteral("runDock"));
    runDock->setWidget(runPanel_);
    addDockWidget(Qt::LeftDockWidgetArea, runDock);

    log_ = new QPlainTextEdit(this);
    log_->setReadOnly(true);
    log_->setMaximumBlockCount(kLogLines);
    log_->setLineWrapMode(QPlainTextEdit::NoWrap);
    auto* logDock = new QDockWidget(tr("Log"), this);
    logDock->setObjectName(QStringLiteral("logDock"));
    logDock->setWidget(log_);
    addDockWidget(Qt::BottomDockWidgetArea, logDock);

    status_ = new RunStatus(statusBar());
    runPage_ = new RunPage(controller_, runPanel_, store_, results_, status_, this);
    buildFleetPage();
}

void MainWindow::buildMenus() {
    QMenu* file = menuBar()->addMenu(tr("&File"));
    file->addAction(recordings_->openAction());
    file->addAction(recordings_->openRawAction());
    file->addMenu(recordings_->recent()->menu());
    file->addAction(fleetPage_->openAction());
    file->addAction(saveAction_);
    file->addAction(evidence()->exportAction());
    file->addAction(topology_->view()->exportAction());
    file->addAction(new SheetExportAction(*this, [this]() -> const Topology& { return topology(); }, *evidence()));
    file->addSeparator();
    file->addAction(quitAction_);

    QMenu* run = menuBar()->addMenu(tr("&Run"));
    run->addAction(runAction_);
    run->addAction(cancelAction_);
    run->addSeparator();
    run->addAction(replayAction_);
    replaySpeed_ = new ReplaySpeedMenu(options_.replaySpeed, this);
    run->addMenu(replaySpeed_);

    QMenu* view = menuBar()->addMenu(tr("&View"));
    EvidenceView* plots = evidence();
    view->addAction(plots->followAction());
    view->addAction(plots->nextAction());
    view->addAction(plots->previousAction());
    view->addSeparator();
    view->addAction(plots->logScaleAction());
    view->addAction(plots->resetViewAction());
    view->addSeparator();
    view->addAction(topology_->view()->zoomInAction());
    view->addAction(topology_->view()->zoomOutAction());
    view->addAction(topology_->view()->fitAction());
    view->addSeparator();
    for (QDockWidget* dock : findChildren<QDockWidget*>()) view->addAction(dock->toggleViewAction());
    view->addSeparator();
    QMenu* palette = view->addMenu(tr("&Palette"));
    paletteGroup_ = new QActionGroup(this);
    const std::pair<QString, QString> choices[] = {{QStringLiteral("system"), tr("&System")},
                                                   {QStringLiteral("light"), tr("&Light")},
                                                   {QStringLiteral("dark"), tr("&Dark")}};
    for (const auto& [id, text] : choices) {
        QAction* a = palette->addAction(text);
        a->setCheckable(true);
        a->setData(id);
        paletteGroup_->addAction(a);
        connect(a, &QAction::triggered, this, [this, id = id] { applyPaletteChoice(id); });
    }

    fillHelpMenu(menuBar()->addMenu(tr("&Help")), this, [this] { return qText(topology().device.name); });
}

void MainWindow::connectWorker() {
    connect(runPage_, &RunPage::logged, this, &MainWindow::log);
    connect(runPage_, &RunPage::cleared, this, [this] {
        migView_->setData({});
        sharedGpuBanner_->hide();
        // Each run, opened recording or replay is followed from its start, whatever the last one
        // was left at (a double-clicked result or a picked series stops following that one only).
        evidence()->setFollow(true);
    });
    connect(runPage_, &RunPage::topologyChanged, this, &MainWindow::refreshTopology);
    connect(runPage_, &RunPage::deviceShown, this, [this](const DeviceInfo& d) {
        setWindowTitle(tr("TopoScope — %1").arg(QString::fromStdString(d.name)));
        // A recording opened or replayed shows its GPU's benchmark items (Run goes back to the chosen device's).
        if (!runPanel_->currentDevice() || runPage_->replaying()) runPanel_->showCatalogFor(qText(toString(d.vendor)));
    });
    connect(runPage_, &RunPage::finished, this, &MainWindow::onFinished);
    RunWorker* w = controller_->worker();
    connect(w, &RunWorker::devicesListed, this, &MainWindow::onDevicesListed);
    connect(w, &RunWorker::progress, evidence(),
            [this](const ts::ProgressEvent& p) { evidence()->setRunningBenchmark(QString::fromStdString(p.benchmark)); });
    connect(w, &RunWorker::runFinished, evidence(), [this] { evidence()->setRunningBenchmark({}); });
    connect(w, &RunWorker::migShares, migView_, &MigView::setData);
    // The banner: a result carries the shared-GPU mark, or the run does (a run whose disturbed
    // benchmarks all came out clean when measured again marks no result).
    connect(w, &RunWorker::warning, this, [this](const QString& m) { log(tr("warning: %1").arg(m)); });
    connect(w, &RunWorker::sharedGpu, this, &MainWindow::showSharedGpuBanner);
    connect(w, &RunWorker::result, this, [this](const ts::ResultEvent& r) {
        if (r.attribute.hasMark(Mark::SharedGpu)) showSharedGpuBanner(QString::fromStdString(r.attribute.reason));
    });
    connect(w, &RunWorker::note, this, &MainWindow::log);
    connect(w, &RunWorker::reportSaved, this, &MainWindow::onReportSaved);
    connect(controller_, &RunController::busyChanged, this, &MainWindow::updateActions);
    // --replay --screenshot DIR: the window a little past half-way (52 %) through the replay too
    // (tools/screenshot.sh; on the H100 report that is the L2 size sweep).
    connect(w, &RunWorker::replayStarted, this, [this](const QString&, double, bool, double seconds) {
        if (!options_.replay || options_.screenshotDir.isEmpty()) return;
        QTimer::singleShot(static_cast<int>(seconds * 520), this, [this] {
            if (!controller_->busy()) return;
            const QString shot = saveReplayScreenshot(views(), options_.screenshotDir);
            if (!shot.isEmpty()) log(tr("screenshot: %1").arg(shot));
        });
    });
}

void MainWindow::onDevicesListed(const QVector<DeviceChoice>& devices) {
    runPanel_->setDevices(devices);
    for (const auto& d : devices) log(tr("device: %1").arg(d.label));
    QString warning;
    const bool asRequested = chooseLaunchDevice(*runPanel_, devices, options_, &warning);
    if (!options_.backend.isEmpty() && runPanel_->currentDevice()) launchDevice_ = runPanel_->currentKey();
    if (!warning.isEmpty()) log(warning);
    devicesKnown_ = true;
    updateActions();
    Q_EMIT devicesReady();
    if (launchActionsDone_) return;
    launchActionsDone_ = true;
    applyLaunchGroups();
    if (!options_.recording.isEmpty() && options_.replay) {
        replayRecording(options_.recording, options_.replaySpeed);
    } else if (!options_.recording.isEmpty()) {
        openRecording(options_.recording);
    } else if (options_.run && asRequested) {
        startRun();
    } else if (options_.run) {
        log(tr("not starting the run: the requested device is not here"));
        if (!options_.exportPdf.isEmpty()) QMetaObject::invokeMethod(qApp, [] { QCoreApplication::exit(1); }, Qt::QueuedConnection);
        if (options_.quitAfterRun) QMetaObject::invokeMethod(this, &QWidget::close, Qt::QueuedConnection);
    }
}

// The benchmark groups of --only, else those checked last time.
void MainWindow::applyLaunchGroups() {
    if (!options_.groups.isEmpty()) {
        const QStringList known = runPanel_->benchmarks()->allGroups();
        for (const auto& g : options_.groups)
            if (!known.contains(g)) log(tr("warning: --only: no benchmark group \"%1\" on this device").arg(g));
        runPanel_->setCheckedGroups(options_.groups);
        launchGroups_ = runPanel_->checkedGroups();
    } else if (!options_.ignoreSettings && QSettings().contains(QStringLiteral("run/uncheckedGroups"))) {
        runPanel_->setUncheckedGroups(QSettings().value(QStringLiteral("run/uncheckedGroups")).toStringList());
    } else if (!options_.ignoreSettings && QSettings().contains(QStringLiteral("run/groups"))) {
        runPanel_->setCheckedGroups(QSettings().value(QStringLiteral("run/groups")).toStringList());  // before 18
    }
}

void MainWindow::startRun() {
    runPage_->start(recordings_->sessionFolder(), options_.simDelayUs, options_.tlbWalkBytes);
}

void MainWindow::cancelRun() { runPage_->cancel(); }

void MainWindow::openRecording(const QString& path) { runPage_->openRecording(path); }

void MainWindow::replayRecording(const QString& path, double speed) {
    if (runPage_->replayRecording(path, speed)) updateActions();
}

void MainWindow::replayShownRecording() {
    if (!runPage_->shownRecording().isEmpty()) replayRecording(runPage_->shownRecording(), replaySpeed_->speed());
}

QString MainWindow::openDialogFolder() const { return recordings_->openDialogFolder(); }
RecentFiles* MainWindow::recentFiles() const { return recordings_->recent(); }
QAction* MainWindow::openRawAction() const { return recordings_->openRawAction(); }

void MainWindow::askSaveReport() {
    const QString path = QFileDialog::getSaveFileName(this, tr("Save Report"), QStringLiteral("toposcope-report.json"),
                                                      tr("TopoScope reports (*.json)"));
    if (!path.isEmpty()) controller_->saveReport(path, runPage_->topology());
}

void MainWindow::onReportSaved(const QString& path, const QString& error) {
    if (error.isEmpty())
        log(tr("report saved to %1").arg(path));
    else
        QMessageBox::warning(this, tr("Save Report"), tr("Could not save %1: %2").arg(path, error));
}

// What follows a run or recording in the window: its dialogs, the recent files, the
// headless exits and exports (afterRun).
void MainWindow::onFinished(const RunOutcome& o, const QString& text, const QString& opened) {
    // Headless (a sheet, or the launch's recording with --quit-after-run): no dialog, no sheet of a failed run.
    const bool headless = !options_.exportPdf.isEmpty() || (options_.quitAfterRun && !opened.isEmpty() &&
                                                            opened == options_.recording && !o.cancelled);
    if (!o.ok && headless) {
        std::fprintf(stderr, "toposcope: %s\n", qPrintable(text));
        const int status = opened.isEmpty() ? 1 : 2;  // a recording that cannot be read is bad input
        QMetaObject::invokeMethod(qApp, [status] { QCoreApplication::exit(status); }, Qt::QueuedConnection);
        return;
    }
    if (!o.ok && !o.cancelled && !opened.isEmpty())
        recordings_->showOpenError(opened, o.message);
    else if (!o.ok && !o.cancelled)
        QMessageBox::warning(this, tr("TopoScope"), text);
    if (o.ok && !opened.isEmpty()) recordings_->recent()->add(opened);
    updateActions();
    Q_EMIT runFinished(o);
    afterRun();
}

void MainWindow::afterRun() {
    refreshTopology();
    if (!options_.exportPdf.isEmpty()) {
        QString error;
        const bool ok = exportTopologySheet(topology(), *evidence(), options_.exportPdf, &error);
        log(ok ? tr("topology sheet written to %1").arg(options_.exportPdf) : error);
        if (!ok) std::fprintf(stderr, "toposcope: %s\n", qPrintable(error));
        saveSettings();
        QMetaObject::invokeMethod(qApp, [ok] { QCoreApplication::exit(ok ? 0 : 1); }, Qt::QueuedConnection);
        return;
    }
    if (!options_.screenshotDir.isEmpty()) {
        const QStringList saved = saveScreenshots(views(), options_.screenshotDir);
        for (const auto& s : saved) log(tr("screenshot: %1").arg(s));
    }
    if (options_.quitAfterRun) QMetaObject::invokeMethod(this, &QWidget::close, Qt::QueuedConnection);
}

const Topology& MainWindow::topology() const { return runPage_->topology(); }

WindowViews MainWindow::views() {
    return {this, tabs_, evidence(), store_, topology_, cuMap_, smMap_, migView_, fleetView()};
}

void MainWindow::refreshTopology() {
    const Topology& shown = topology();
    topology_->setData(shown);
    cuMap_->setData(shown);
    smMap_->setData(shown);
}

EvidenceView* MainWindow::evidence() const { return evidencePage_->view(); }

void MainWindow::showEvidence(const QString& seriesId) {
    if (seriesId.isEmpty() || !store_->find(seriesId)) {
        log(tr("no evidence series %1 in this run").arg(seriesId));
        return;
    }
    tabs_->setCurrentWidget(evidencePage_);
    evidencePage_->showSeries(seriesId);
}

// Until a run or recording is shown, the MIG tab shows the chosen device as its API describes it.
void MainWindow::describeChosenDevice() {
    const DeviceChoice* device = runPanel_->currentDevice();
    if (device && !controller_->busy() && !runPage_->haveRunData()) controller_->describeDevice(*device);
}

void MainWindow::updateActions() {
    const bool busy = controller_->busy();
    runAction_->setEnabled(!busy && devicesKnown_ && runPanel_->currentDevice() != nullptr);
    cancelAction_->setEnabled(busy);
    replayAction_->setEnabled(!busy && !runPage_->shownRecording().isEmpty());
    runPanel_->setReplayShown(runPage_->replaying() || !runPage_->shownRecording().isEmpty());
    recordings_->setEnabled(!busy);
    saveAction_->setEnabled(!busy && runPage_->haveRunData());
    runPanel_->chooser()->setEnabled(!busy && devicesKnown_);
}

void MainWindow::applyPaletteChoice(const QString& choice) {
    paletteChoice_ = choice;
    QApplication::setPalette(paletteFor(choice));
    for (QAction* a : paletteGroup_->actions()) a->setChecked(a->data().toString() == choice);
}

void MainWindow::log(const QString& text) {
    log_->appendPlainText(QTime::currentTime().toString(QStringLiteral("HH:mm:ss  ")) + text);
}

QString MainWindow::logText() const { return log_->toPlainText(); }
QString MainWindow::progressText() const { return status_->text(); }

void MainWindow::restoreSettings() {
    // 1400 x 900 where the screen has room; on a smaller or scaled one (1920 x 1080 at 1.5 is
    // 1280 x 720 for Qt) nine tenths of what it offers, so the window never opens past its edges.
    QSize size(1400, 900);
    if (const QScreen* where = screen()) size = size.boundedTo(where->availableGeometry().size() * 0.9);
    resize(size);
    // The log starts at an eighth of the window (a saved layout restores the user's own below): at
    // 1024 x 700 its default share left the results table two rows.
    if (auto* logDock = findChild<QDockWidget*>(QStringLiteral("logDock")))
        resizeDocks({logDock}, {std::max(60, size.height() / 8)}, Qt::Vertical);
    applyPaletteChoice(options_.palette.isEmpty() ? QStringLiteral("system") : options_.palette);
    if (options_.ignoreSettings) return;
    QSettings s;
    restoreGeometry(s.value(QStringLiteral("window/geometry")).toByteArray());
    restoreState(s.value(QStringLiteral("window/state")).toByteArray());
    evidencePage_->restoreState(s.value(QStringLiteral("window/splitter")).toByteArray());
    evidence()->setLogScale(s.value(QStringLiteral("plot/log"), true).toBool());
    if (options_.palette.isEmpty())
        applyPaletteChoice(s.value(QStringLiteral("window/palette"), QStringLiteral("system")).toString());
}

void MainWindow::saveSettings() const {
    if (options_.ignoreSettings) return;
    QSettings s;
    s.setValue(QStringLiteral("window/geometry"), saveGeometry());
    s.setValue(QStringLiteral("window/state"), saveState());
    s.setValue(QStringLiteral("window/splitter"), evidencePage_->saveState());
    // A device, palette or group choice of the command line is not the user's choice in the
    // window: saved only once changed there.
    if (options_.palette.isEmpty() || paletteChoice_ != options_.palette)
        s.setValue(QStringLiteral("window/palette"), paletteChoice_);
    s.setValue(QStringLiteral("plot/log"), evidence()->logScale());
    s.remove(QStringLiteral("plot/follow"));  // saved until 2026-12: a run's follow is not a choice for the next
    if (runPanel_->currentDevice() && runPanel_->currentKey() != launchDevice_)
        s.setValue(QStringLiteral("device/last"), runPanel_->currentKey());
    // What the user unchecked, not what is checked: a group this device's catalog lacks (texture
    // on an AMD GPU) must not be lost for the next launch on another device.
    if (!launchGroups_.isEmpty() && runPanel_->checkedGroups() == launchGroups_) return;
    // Only the opt-in groups unchecked is how the window starts: nothing the user chose to keep.
    QStringList unchecked = runPanel_->uncheckedGroups(), optIn;
    for (const auto& g : benchmarkGroups())
        if (g.optIn) optIn << qText(g.id);
    unchecked.sort();
    optIn.sort();
    if (unchecked == optIn) s.remove(QStringLiteral("run/uncheckedGroups"));
    else s.setValue(QStringLiteral("run/uncheckedGroups"), unchecked);
    s.remove(QStringLiteral("run/groups"));
}

void MainWindow::buildFleetPage() {
    fleetPage_ = new FleetPage(tabs_, this);
    addAction(fleetPage_->openAction());
    connect(fleetPage_, &FleetPage::shown, this, &MainWindow::onFleetShown);
    connect(fleetPage_, &FleetPage::failed, this, &MainWindow::onFleetFailed);
}

FleetView* MainWindow::fleetView() const { return fleetPage_->view(); }
QAction* MainWindow::openFleetAction() const { return fleetPage_->openAction(); }

void MainWindow::openFleet(const QStringList& paths) {
    if (!fleetPage_->open(paths)) {
        log(tr("a fleet is still loading; try again when it is shown"));
        return;
    }
    status_->setText(tr("Loading %n fleet file(s)…", nullptr, static_cast<int>(paths.size())));
}

void MainWindow::onFleetShown(const QString& summary, const QStringList& paths) {
    status_->setText(summary);
    log(tr("fleet: %1 (from %2)").arg(summary, paths.join(QStringLiteral(", "))));
    Q_EMIT fleetOpened();
    if (options_.fleet.isEmpty()) return;  // opened from the menu, not at launch
    if (!options_.screenshotDir.isEmpty())
        for (const auto& s : saveFleetScreenshots(views(), options_.screenshotDir)) log(tr("screenshot: %1").arg(s));
    // With a run or a recording to open as well, the quit waits for that.
    if (options_.quitAfterRun && !options_.run && options_.recording.isEmpty())
        QMetaObject::invokeMethod(this, &QWidget::close, Qt::QueuedConnection);
}

void MainWindow::onFleetFailed(const QString& file, const QString& problem, const QString& text) {
    status_->setText(text);
    log(text);
    Q_EMIT fleetFailed(file, problem);
    if (!options_.fleet.isEmpty() && options_.quitAfterRun) {  // headless launch: no one to click a dialog
        std::fprintf(stderr, "toposcope: %s\n", qPrintable(text));
        QMetaObject::invokeMethod(qApp, [] { QCoreApplication::exit(2); }, Qt::QueuedConnection);
        return;
    }
    QMessageBox::warning(this, tr("Open Fleet"), text);
}

void MainWindow::closeEvent(QCloseEvent* event) {
    // A live run is asked about first (a replay or a recording has nothing to lose); the question
    // does not block, so a scripted close sees the window stay open until it is answered.
    if (controller_->busy() && !runPage_->replaying() && !quitDuringRunConfirmed_) {
        event->ignore();
        askQuitDuringRun();
        return;
    }
    saveSettings();
    controller_->cancel();
    QMainWindow::closeEvent(event);
}

void MainWindow::askQuitDuringRun() {
    if (findChild<QMessageBox*>(QStringLiteral("quitDuringRun"))) return;
    auto* box = new QMessageBox(QMessageBox::Question, tr("Quit TopoScope"),
                                tr("A run is still measuring. Stop it and quit? What it finished so far is kept "
                                   "in its session (File ▸ Open Recent)."),
                                QMessageBox::NoButton, this);
    box->setObjectName(QStringLiteral("quitDuringRun"));
    box->setAttribute(Qt::WA_DeleteOnClose);
    QPushButton* quit = box->addButton(tr("Stop and &Quit"), QMessageBox::DestructiveRole);
    box->setDefaultButton(box->addButton(tr("&Keep Running"), QMessageBox::RejectRole));
    connect(box, &QMessageBox::buttonClicked, this, [this, quit](QAbstractButton* clicked) {
        if (clicked != quit) return;
        quitDuringRunConfirmed_ = true;
        QMetaObject::invokeMethod(this, &QWidget::close, Qt::QueuedConnection);
    });
    box->open();
}

void MainWindow::showSharedGpuBanner(const QString& evidence) {
    if (sharedGpuBanner_->isVisible()) return;
    sharedGpuBanner_->setText(tr("Shared GPU: another process used this GPU during the run. Disturbed results are "
                                 "marked (orange) and kept at confidence at most 0.5; the log says what was "
                                 "measured again."));
    sharedGpuBanner_->setToolTip(evidence);
    sharedGpuBanner_->show();
}

}  // namespace ts::gui
