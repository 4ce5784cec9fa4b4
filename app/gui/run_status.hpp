#pragma once
#include <QObject>

class QLabel;
class QProgressBar;
class QStatusBar;

namespace ts {
struct ProgressEvent;
}

namespace ts::gui {

// The status bar's part of a run or recording: the step it is at, elapsed time and ETA, the
// progress bar, and the session file the run records to.
class RunStatus : public QObject {
    Q_OBJECT
public:
    explicit RunStatus(QStatusBar* bar);

    void setText(const QString& text);
    QString text() const;
    void setBusy(const QString& text);  // no progress known yet: the bar runs back and forth
    void showProgress(const ProgressEvent& progress);
    void showFinished(bool ok, const QString& text);
    void setSession(const QString& path);
    QString sessionText() const;

private:
    QLabel* step_;
    QLabel* eta_;
    QProgressBar* progress_;
    QLabel* session_;
};

}  // namespace ts::gui
