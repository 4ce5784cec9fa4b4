#pragma once
#include <QObject>
#include <QString>

class QAction;
class QWidget;

namespace ts::gui {

class RecentFiles;

// The window's recordings: File > Open…, Open MT4G Raw Folder… and Open Recent, the sessions
// folder that runs record into (and Open Recent lists), and the dialog for a recording that
// cannot be opened. What to open goes to the window as openRequested.
class RecordingMenu : public QObject {
    Q_OBJECT
public:
    RecordingMenu(bool persistRecent, QWidget* window);

    QAction* openAction() const { return open_; }
    QAction* openRawAction() const { return openRaw_; }
    RecentFiles* recent() const { return recent_; }
    void setEnabled(bool enabled);  // not while a run or recording is in progress

    void setSessionFolder(const QString& folder);
    QString sessionFolder() const { return sessionFolder_; }
    // Where File > Open… starts: the sessions folder (the CLI's runs too) once it exists.
    QString openDialogFolder() const;

    void askOpen();
    // Not modal to the application: the event loop (and the engine's signals) go on while it shows.
    void showOpenError(const QString& path, const QString& message);

Q_SIGNALS:
    void openRequested(const QString& path);
    void note(const QString& text);  // for the log

private:
    void askOpenRaw();

    QWidget* window_;
    QAction* open_;
    QAction* openRaw_;
    RecentFiles* recent_;
    QString sessionFolder_;
};

}  // namespace ts::gui
