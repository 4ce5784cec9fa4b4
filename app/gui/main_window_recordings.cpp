// MainWindow's recordings: the session each run records, opening recordings (File > Open,
// Open MT4G Raw Folder, Open Recent, drag and drop) and showing what a session says was cut off.
#include <QAction>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QMenu>
#include <QMessageBox>
#include <QMimeData>
#include <QPlainTextEdit>
#include <QStatusBar>

#include "dropped_paths.hpp"
#include "main_window.hpp"
#include "recent_files.hpp"
#include "common/results_model.hpp"
#include "run_controller.hpp"
#include "run_status.hpp"
#include "session_folder.hpp"

namespace ts::gui {

void MainWindow::buildRecordingSupport() {
    openRawAction_ = new QAction(tr("Open MT4G Ra&w Folder…"), this);
    openRawAction_->setToolTip(tr("Analyse a folder of MT4G raw series"));
    connect(openRawAction_, &QAction::triggered, this, &MainWindow::askOpenRawFolder);
    addAction(openRawAction_);

    recent_ = new RecentFiles(!options_.ignoreSettings, this, this);
    connect(recent_, &RecentFiles::openRequested, this, &MainWindow::openRecording);
    connect(recent_, &RecentFiles::dropped, this,
            [this](const QString& path) { log(tr("recent file %1 no longer exists: removed from the list").arg(path)); });
    recent_->dropMissing();

    setSessionFolder(defaultSessionFolder());

    setAcceptDrops(true);
    log_->setAcceptDrops(false);  // a read-only log would swallow drops meant for the window

    RunWorker* w = controller_->worker();
    connect(w, &RunWorker::sessionRecording, this, &MainWindow::onSessionRecording);
    connect(w, &RunWorker::recordingOpened, this, &MainWindow::onRecordingOpened);
    connect(w, &RunWorker::cutOff, this, &MainWindow::onCutOff);
}

void MainWindow::askOpenRawFolder() {
    const QString dir = QFileDialog::getExistingDirectory(this, tr("Open MT4G Raw Folder"));
    if (!dir.isEmpty()) openRecording(dir);
}

void MainWindow::onSessionRecording(const QString& path) {
    lastSession_ = path;
    status_->setSession(path);
    log(tr("recording the session to %1").arg(path));
}

QString MainWindow::sessionStatusText() const { return status_->sessionText(); }

void MainWindow::onRecordingOpened(const QString& path, const QString& kind) {
    log(tr("opened %1 (%2)").arg(path, kind));
}

void MainWindow::onCutOff(const QString& benchmark, const QString& seriesId, const QString& elementId,
                          const QString& elementName) {
    results_->markCutOff(benchmark, seriesId, elementId, elementName);
    log(seriesId.isEmpty()
            ? tr("cut off: %1 — the recorded run ended while it ran").arg(benchmark)
            : tr("cut off: %1 — the recorded run ended while it ran; its rows so far are in %2").arg(benchmark, seriesId));
}

// Not modal to the application: the event loop (and the engine's signals) go on while it shows.
void MainWindow::showOpenError(const QString& path, const QString& message) {
    QString problem = message;
    if (problem.startsWith(path + QStringLiteral(": "))) problem = problem.mid(path.size() + 2);
    auto* box = new QMessageBox(QMessageBox::Warning, tr("Open Recording"),
                                tr("Could not open %1:\n%2").arg(path, problem), QMessageBox::Ok, this);
    box->setObjectName(QStringLiteral("openErrorBox"));
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event) {
    if (!droppedPaths(event->mimeData()).isEmpty() && !controller_->busy())
        event->acceptProposedAction();
    else
        event->ignore();
}

void MainWindow::dropEvent(QDropEvent* event) {
    const QStringList paths = droppedPaths(event->mimeData());
    if (paths.isEmpty()) {
        event->ignore();
        return;
    }
    event->acceptProposedAction();
    if (controller_->busy()) {
        log(tr("not opening %1: a run or recording is in progress").arg(paths.front()));
        return;
    }
    if (paths.size() > 1) log(tr("%n item(s) dropped: opening the first, %1", nullptr, paths.size()).arg(paths.front()));
    openRecording(paths.front());
}

void MainWindow::setSessionFolder(const QString& folder) {
    sessionFolder_ = folder;
    recent_->setSessionsFolder(folder);
}

}  // namespace ts::gui
