#include "run_status.hpp"

#include <QFileInfo>
#include <QLabel>
#include <QProgressBar>
#include <QStatusBar>

#include <algorithm>

#include "view_support/format.hpp"
#include "events/observer.hpp"

namespace ts::gui {

RunStatus::RunStatus(QStatusBar* bar)
    : QObject(bar),
      step_(new QLabel(tr("Ready"), bar)),
      eta_(new QLabel(bar)),
      progress_(new QProgressBar(bar)),
      count_(new QLabel(bar)),
      session_(new QLabel(bar)) {
    step_->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);  // long steps must not widen the window
    progress_->setMaximumWidth(240);
    progress_->setRange(0, 1);
    progress_->setValue(0);
    // The count beside the bar, not on it: drawn over the bar's edge, half white on the chunk and
    // half dark on the groove, "12 of 40" read "2 of 40".
    progress_->setTextVisible(false);
    progress_->setMinimumWidth(120);
    count_->setObjectName(QStringLiteral("progressCountLabel"));
    session_->setObjectName(QStringLiteral("sessionLabel"));
    eta_->setObjectName(QStringLiteral("etaLabel"));
    bar->addWidget(step_, 1);
    bar->addPermanentWidget(eta_);
    bar->addPermanentWidget(count_);
    bar->addPermanentWidget(progress_);
    bar->addPermanentWidget(session_);
    ticker_.setInterval(1000);
    connect(&ticker_, &QTimer::timeout, this, &RunStatus::tick);
}

void RunStatus::setText(const QString& text) { step_->setText(text); }

QString RunStatus::text() const { return step_->text(); }

void RunStatus::setBusy(const QString& text) {
    progress_->setRange(0, 0);
    count_->clear();
    step_->setText(text);
    eta_->clear();
    ticker_.stop();
    done_ = total_ = 0;
    elapsedAtEvent_ = benchmarkStart_ = doneAt_ = 0;
}

void RunStatus::showProgress(const ProgressEvent& p) {
    progress_->setRange(0, std::max(1, p.total));
    progress_->setValue(std::min(p.done, std::max(1, p.total)));
    showCount();
    const QString benchmark = QString::fromStdString(p.benchmark);
    const QString step = p.step.empty() ? benchmark : tr("%1 — %2").arg(benchmark, QString::fromStdString(p.step));
    step_->setText(replay_.isEmpty() ? step : tr("%1: %2").arg(replay_, step));
    if (p.done != done_) {  // a benchmark ended and the next began
        benchmarkStart_ = p.elapsedSeconds;
        if (p.done > done_) doneAt_ = p.elapsedSeconds;
    }
    done_ = p.done;
    total_ = p.total;
    elapsedAtEvent_ = p.elapsedSeconds;
    replayLeft_ = replay_.isEmpty() ? -1 : p.etaSeconds;
    sinceEvent_.start();
    if (!ticker_.isActive()) ticker_.start();
    tick();
}

double RunStatus::elapsedNow() const {
    return elapsedAtEvent_ + (sinceEvent_.isValid() ? sinceEvent_.elapsed() / 1000.0 : 0.0);
}

double RunStatus::etaSeconds(double elapsed) const {
    // A replay knows its time left: the recorded times still to come, at its pace.
    if (replayLeft_ >= 0) return std::max(0.0, replayLeft_ - (elapsed - elapsedAtEvent_));
    if (done_ <= 0 || total_ <= done_) return -1;
    const double perBenchmark = doneAt_ / done_;
    const double inCurrent = elapsed - benchmarkStart_;
    if (inCurrent > perBenchmark) return -1;
    return (total_ - done_ - 1) * perBenchmark + (perBenchmark - inCurrent);
}

QString RunStatus::timeText() const { return eta_->text(); }

QString RunStatus::countText() const { return count_->text(); }

void RunStatus::showCount() { count_->setText(tr("%1 of %2").arg(progress_->value()).arg(progress_->maximum())); }

void RunStatus::tick() {
    const double elapsed = elapsedNow();
    const double eta = etaSeconds(elapsed);
    eta_->setText(eta < 0 ? tr("elapsed %1, ETA unknown").arg(formatDuration(elapsed))
                          : tr("elapsed %1, ETA about %2").arg(formatDuration(elapsed), formatDuration(eta)));
    eta_->setToolTip(replayLeft_ >= 0 ? tr("The replay's time left: the recorded times still to come, at the replay's pace.")
                     : done_ <= 0 ? tr("The ETA comes once a benchmark has finished: it is the measured time per "
                                     "benchmark times the benchmarks left.")
                     : eta < 0 ? tr("This benchmark has run longer than the %n finished one(s) took on average "
                                    "(%1), so the time left is not known.",
                                    nullptr, done_)
                                     .arg(formatDuration(doneAt_ / done_))
                               : tr("%n benchmark(s) finished in %1 (%2 each on average); %3 left.", nullptr, done_)
                                     .arg(formatDuration(doneAt_), formatDuration(doneAt_ / done_))
                                     .arg(total_ - done_));
}

void RunStatus::showFinished(bool ok, const QString& text) {
    const bool recording = progress_->maximum() == 0;  // no progress came: there was no plan to count
    if (recording) progress_->setRange(0, 1);
    if (ok) progress_->setValue(progress_->maximum());
    if (recording)
        count_->clear();  // not "1 of 1"
    else
        showCount();
    step_->setText(text);
    ticker_.stop();
    eta_->clear();
}

void RunStatus::setSession(const QString& path) {
    session_->setText(path.isEmpty() ? QString() : tr("Session: %1").arg(QFileInfo(path).fileName()));
    session_->setToolTip(path);
}

void RunStatus::setReplay(const QString& prefix) {
    replay_ = prefix;
    replayLeft_ = -1;
    if (!prefix.isEmpty()) step_->setText(prefix);
}

QString RunStatus::sessionText() const { return session_->text(); }

}  // namespace ts::gui
