#include "run_status.hpp"

#include <QFileInfo>
#include <QLabel>
#include <QProgressBar>
#include <QStatusBar>

#include <algorithm>

#include "view_support/format.hpp"
#include "events/observer.hpp"

namespace ts::gui {
namespace {

constexpr int kBarSteps = 1000;  // the bar moves by a thousandth of the plan

}  // namespace

RunStatus::RunStatus(QStatusBar* bar)
    : QObject(bar),
      step_(new QLabel(tr("Ready"), bar)),
      eta_(new QLabel(bar)),
      progress_(new QProgressBar(bar)),
      count_(new QLabel(bar)),
      session_(new QLabel(bar)) {
    step_->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);  // long steps must not widen the window
    progress_->setMaximumWidth(240);
    progress_->setRange(0, kBarSteps);
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
    elapsedAtEvent_ = 0;
    plan_ = PlanProgress{};
}

void RunStatus::showProgress(const ProgressEvent& p) {
    const QString benchmark = QString::fromStdString(p.benchmark);
    const QString step = p.step.empty() ? benchmark : tr("%1 — %2").arg(benchmark, QString::fromStdString(p.step));
    step_->setText(replay_.isEmpty() ? step : tr("%1: %2").arg(replay_, step));
    done_ = std::min(p.done, std::max(1, p.total));
    total_ = std::max(1, p.total);
    plan_ = p.plan;
    elapsedAtEvent_ = p.elapsedSeconds;
    replayLeft_ = replay_.isEmpty() ? -1 : p.etaSeconds;
    progress_->setRange(0, kBarSteps);
    showCount();
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
    return plan_.secondsLeftAt(elapsed);
}

// A replay (no plan estimate) counts benchmarks.
double RunStatus::fractionAt(double elapsed) const {
    if (plan_.totalWork > 0) return plan_.fractionAt(elapsed);
    return total_ > 0 ? static_cast<double>(done_) / total_ : 0;
}

QString RunStatus::timeText() const { return eta_->text(); }

QString RunStatus::countText() const { return count_->text(); }

void RunStatus::showCount() { count_->setText(tr("%1 of %2").arg(done_).arg(total_)); }

void RunStatus::tick() {
    const double elapsed = elapsedNow();
    const double eta = etaSeconds(elapsed);
    progress_->setValue(static_cast<int>(kBarSteps * fractionAt(elapsed)));
    eta_->setText(eta < 0 ? tr("elapsed %1, ETA unknown").arg(formatDuration(elapsed))
                          : tr("elapsed %1, ETA about %2").arg(formatDuration(elapsed), formatDuration(eta)));
    eta_->setToolTip(replayLeft_ >= 0 ? tr("The replay's time left: the recorded times still to come, at the replay's pace.")
                     : eta < 0 ? tr("The ETA comes once a benchmark has finished: the plan's estimate of the work "
                                    "left, at the pace of the work done so far.")
                               : tr("The plan's estimate of the work left (%1 of %2 benchmarks finished), at the pace "
                                    "of the work done so far.")
                                     .arg(done_)
                                     .arg(total_));
}

void RunStatus::showFinished(bool ok, const QString& text) {
    const bool recording = total_ == 0;  // no progress came: there was no plan to count
    progress_->setRange(0, kBarSteps);
    if (ok) progress_->setValue(kBarSteps), done_ = total_;
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
