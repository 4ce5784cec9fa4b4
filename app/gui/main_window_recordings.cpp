// MainWindow's recordings: wiring RecordingMenu (File > Open, Open MT4G Raw Folder, Open Recent,
// the sessions folder), drag and drop, the session each run records, and what a session says
// was cut off.
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
#include <stdexcept>

#include "dropped_paths.hpp"
#include "main_window.hpp"
#include "recent_files.hpp"
#include "recording_menu.hpp"
#include "run_panel.hpp"
#include "view_support/results_model.hpp"
#include "run_controller.hpp"
#include "run_status.hpp"
#include "program_support/session_folder.hpp"

namespace ts::gui {
namespace {

// Where the GUI records its runs: the folder toposcope-cli records into too, so each sees the
// other's; empty when there is no home.
QString defaultSessionFolder() {
    try {
        return QString::fromStdString(app::sessionFolder());
    } catch (const std::runtime_error&) {
        return {};
    }
}

}  // namespace

void MainWindow::buildRecordingSupport() {
    recordings_ = new RecordingMenu(!options_.ignoreSettings, this);
    connect(recordings_, &RecordingMenu::openRequested, this, &MainWindow::openRecording);
    connect(recordings_, &RecordingMenu::note, this, &MainWindow::log);
    connect(runPanel_, &RunPanel::openRecordingRequested, recordings_, &RecordingMenu::askOpen);
    recordings_->recent()->dropMissing();

    setSessionFolder(defaultSessionFolder());

    setAcceptDrops(true);
    log_->setAcceptDrops(false);  // a read-only log would swallow drops meant for the window

    RunWorker* w = controller_->worker();
    connect(w, &RunWorker::sessionRecording, this, &MainWindow::onSessionRecording);
    connect(w, &RunWorker::recordingOpened, this, &MainWindow::onRecordingOpened);
    connect(w, &RunWorker::cutOff, this, &MainWindow::onCutOff);
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

void MainWindow::onCutOff(const QString& benchmark, const QString& seriesId, const QString& elementId) {
    results_->markCutOff(benchmark, seriesId.toStdString(), elementFromString(elementId.toStdString()));
    log(seriesId.isEmpty()
            ? tr("cut off: %1 — the recorded run ended while it ran").arg(benchmark)
            : tr("cut off: %1 — the recorded run ended while it ran; its rows so far are in %2").arg(benchmark, seriesId));
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

void MainWindow::setSessionFolder(const QString& folder) { recordings_->setSessionFolder(folder); }

}  // namespace ts::gui
