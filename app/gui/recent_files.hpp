#pragma once
#include <QObject>
#include <QStringList>

class QMenu;
class QWidget;

namespace ts::gui {

// File > Open Recent: the last recordings opened, newest first, at most kMax, kept in QSettings
// ("recent/files") unless `persist` is false. Entries that no longer exist are dropped (with
// `dropped`) when the menu opens, when one is chosen, and when the list is read at start.
// Below them, the newest runs recorded into the shared sessions folder (setSessionsFolder), by
// toposcope-cli as by the GUI, read afresh each time the menu opens.
class RecentFiles : public QObject {
    Q_OBJECT
public:
    static constexpr int kMax = 10;
    static constexpr int kMaxRuns = 5;

    RecentFiles(bool persist, QWidget* menuParent, QObject* parent = nullptr);

    QMenu* menu() const { return menu_; }
    QStringList paths() const { return paths_; }
    void add(const QString& path);  // to the front; an older entry of the same file moves there
    void dropMissing();
    void clear();
    void setSessionsFolder(const QString& folder);
    // The newest sessions (*.tss) of the sessions folder that are not in paths(), newest first.
    QStringList recentRuns() const;

Q_SIGNALS:
    void openRequested(const QString& path);
    void dropped(const QString& path);  // no longer exists: removed from the list

private:
    void choose(const QString& path);
    void rebuildMenu();
    void save() const;

    bool persist_;
    QStringList paths_;
    QString sessionsFolder_;
    QMenu* menu_;
};

}  // namespace ts::gui
