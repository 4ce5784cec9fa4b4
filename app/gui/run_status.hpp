#pragma once
#include <QElapsedTimer>
#include <QObject>
#include <QString>
#include <QTimer>

#include "events/plan_progress.hpp"

class QLabel;
class QProgressBar;
class QStatusBar;

namespace ts {
struct ProgressEvent;
}

namespace ts::gui {

// The status bar's part of a run or recording: the step it is at, elapsed time and ETA, the
// progress bar, and the session file the run records to.
// The bar and the ETA follow the plan's estimated work (PlanProgress), recomputed every second
// between the engine's progress events, so the bar moves while a long benchmark runs and the ETA
// counts down; no ETA while no benchmark has finished. A replay's ETA is exact: the recorded times
// still to come, at its pace, and its bar counts benchmarks.
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
    // While a recording replays: put before every step ("Replay of h100.json at 1/6 of the
    // recorded pace"), so no one takes it for a live run; empty ends it.
    void setReplay(const QString& prefix);
    QString replayText() const { return replay_; }
    QString sessionText() const;
    QString timeText() const;  // "elapsed 1 min 05 s, ETA about 3 min 10 s"
    QProgressBar* progressBar() const { return progress_; }
    QString countText() const;  // "12 of 40", beside the bar

private:
    void tick();
    void showCount();
    double elapsedNow() const;
    double etaSeconds(double elapsed) const;  // -1: unknown
    double fractionAt(double elapsed) const;

    QLabel* step_;
    QLabel* eta_;
    QProgressBar* progress_;
    QLabel* count_;
    QLabel* session_;
    QString replay_;
    double replayLeft_ = -1;     // a replay's time left at its last progress event; -1: not a replay
    QTimer ticker_;
    QElapsedTimer sinceEvent_;
    double elapsedAtEvent_ = 0;
    PlanProgress plan_;
    int done_ = 0;
    int total_ = 0;
};

}  // namespace ts::gui
