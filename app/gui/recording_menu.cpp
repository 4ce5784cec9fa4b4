#include "recording_menu.hpp"

#include <QAction>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenu>
#include <QMessageBox>
#include <QWidget>

#include "recent_files.hpp"

namespace ts::gui {

RecordingMenu::RecordingMenu(bool persistRecent, QWidget* window)
    : QObject(window),
      window_(window),
      open_(new QAction(tr("&Open…"), window)),
      openRaw_(new QAction(tr("Open MT4G Ra&w Folder…"), window)),
      recent_(new RecentFiles(persistRecent, window, this)) {
    open_->setShortcut(QKeySequence::Open);
    connect(open_, &QAction::triggered, this, &RecordingMenu::askOpen);
    openRaw_->setToolTip(tr("Analyse a folder of MT4G raw series"));
    connect(openRaw_, &QAction::triggered, this, &RecordingMenu::askOpenRaw);
    window->addAction(open_);
    window->addAction(openRaw_);
    connect(recent_, &RecentFiles::openRequested, this, &RecordingMenu::openRequested);
    connect(recent_, &RecentFiles::dropped, this, [this](const QString& path) {
        Q_EMIT note(tr("recent file %1 no longer exists: removed from the list").arg(path));
    });
}

void RecordingMenu::setEnabled(bool enabled) {
    open_->setEnabled(enabled);
    openRaw_->setEnabled(enabled);
    recent_->menu()->setEnabled(enabled);
}

void RecordingMenu::setSessionFolder(const QString& folder) {
    sessionFolder_ = folder;
    recent_->setSessionsFolder(folder);
}

QString RecordingMenu::openDialogFolder() const {
    return !sessionFolder_.isEmpty() && QFileInfo(sessionFolder_).isDir() ? sessionFolder_ : QString();
}

void RecordingMenu::askOpen() {
    const QString path = QFileDialog::getOpenFileName(
        window_, tr("Open Recording"), openDialogFolder(),
        tr("Recordings (*.tss *.json);;TopoScope sessions (*.tss);;Reports (*.json);;All files (*)"));
    if (!path.isEmpty()) Q_EMIT openRequested(path);
}

void RecordingMenu::askOpenRaw() {
    const QString dir = QFileDialog::getExistingDirectory(window_, tr("Open MT4G Raw Folder"));
    if (!dir.isEmpty()) Q_EMIT openRequested(dir);
}

void RecordingMenu::showOpenError(const QString& path, const QString& message) {
    QString problem = message;
    if (problem.startsWith(path + QStringLiteral(": "))) problem = problem.mid(path.size() + 2);
    auto* box = new QMessageBox(QMessageBox::Warning, tr("Open Recording"),
                                tr("Could not open %1:\n%2").arg(path, problem), QMessageBox::Ok, window_);
    box->setObjectName(QStringLiteral("openErrorBox"));
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
}

}  // namespace ts::gui
