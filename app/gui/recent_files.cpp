#include "recent_files.hpp"

#include <QDir>
#include <QFileInfo>
#include <QMenu>
#include <QSettings>

namespace ts::gui {
namespace {

const QString kKey = QStringLiteral("recent/files");

}  // namespace

RecentFiles::RecentFiles(bool persist, QWidget* menuParent, QObject* parent)
    : QObject(parent), persist_(persist), menu_(new QMenu(tr("Open &Recent"), menuParent)) {
    menu_->setObjectName(QStringLiteral("recentMenu"));
    if (persist_) paths_ = QSettings().value(kKey).toStringList().mid(0, kMax);
    connect(menu_, &QMenu::aboutToShow, this, [this] {
        dropMissing();
        rebuildMenu();  // runs recorded since the menu was last built
    });
    rebuildMenu();
}

void RecentFiles::add(const QString& path) {
    const QString absolute = QFileInfo(path).absoluteFilePath();
    paths_.removeAll(absolute);
    paths_.prepend(absolute);
    while (paths_.size() > kMax) paths_.removeLast();
    save();
    rebuildMenu();
}

void RecentFiles::dropMissing() {
    QStringList gone;
    for (const QString& p : paths_)
        if (!QFileInfo::exists(p)) gone << p;
    if (gone.isEmpty()) return;
    for (const QString& p : gone) paths_.removeAll(p);
    save();
    rebuildMenu();
    for (const QString& p : gone) Q_EMIT dropped(p);
}

void RecentFiles::clear() {
    paths_.clear();
    save();
    rebuildMenu();
}

void RecentFiles::setSessionsFolder(const QString& folder) {
    sessionsFolder_ = folder;
    rebuildMenu();
}

QStringList RecentFiles::recentRuns() const {
    QStringList runs;
    if (sessionsFolder_.isEmpty()) return runs;
    const QFileInfoList sessions =
        QDir(sessionsFolder_).entryInfoList({QStringLiteral("*.tss")}, QDir::Files | QDir::Readable, QDir::Time);
    for (const QFileInfo& session : sessions) {
        if (runs.size() == kMaxRuns) break;
        if (!paths_.contains(session.absoluteFilePath())) runs << session.absoluteFilePath();
    }
    return runs;
}

void RecentFiles::choose(const QString& path) {
    if (!QFileInfo::exists(path)) {
        dropMissing();
        return;
    }
    Q_EMIT openRequested(path);
}

void RecentFiles::rebuildMenu() {
    menu_->clear();
    for (int i = 0; i < paths_.size(); ++i) {
        const QString& path = paths_[i];
        const QString name = QFileInfo(path).fileName();
        // &1 .. &9, then &0 for the tenth: a keyboard accelerator for each entry.
        QAction* a = menu_->addAction(tr("&%1 %2").arg((i + 1) % 10).arg(name.isEmpty() ? path : name));
        a->setData(path);
        a->setToolTip(QDir::toNativeSeparators(path));
        a->setStatusTip(QDir::toNativeSeparators(path));
        connect(a, &QAction::triggered, this, [this, path] { choose(path); });
    }
    if (!paths_.isEmpty()) menu_->addSeparator();
    const QStringList runs = recentRuns();
    if (!runs.isEmpty()) {
        menu_->addSection(tr("Recent runs (toposcope and toposcope-cli)"));
        for (const QString& path : runs) {
            QAction* a = menu_->addAction(QFileInfo(path).fileName());
            a->setData(path);
            a->setToolTip(QDir::toNativeSeparators(path));
            a->setStatusTip(QDir::toNativeSeparators(path));
            connect(a, &QAction::triggered, this, [this, path] { choose(path); });
        }
        menu_->addSeparator();
    }
    QAction* clearAction = menu_->addAction(tr("&Clear Menu"), this, &RecentFiles::clear);
    clearAction->setEnabled(!paths_.isEmpty());
    menu_->setToolTipsVisible(true);
}

void RecentFiles::save() const {
    if (persist_) QSettings().setValue(kKey, paths_);
}

}  // namespace ts::gui
