#include "run_status.hpp"

#include <QFileInfo>
#include <QLabel>
#include <QProgressBar>
#include <QStatusBar>

#include <algorithm>

#include "common/format.hpp"
#include "events/observer.hpp"

namespace ts::gui {

RunStatus::RunStatus(QStatusBar* bar)
    : QObject(bar),
      step_(new QLabel(tr("Ready"), bar)),
      eta_(new QLabel(bar)),
      progress_(new QProgressBar(bar)),
      session_(new QLabel(bar)) {
    step_->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);  // long steps must not widen the window
    progress_->setMaximumWidth(240);
    progress_->setRange(0, 1);
    progress_->setValue(0);
    progress_->setFormat(tr("%v of %m"));
    session_->setObjectName(QStringLiteral("sessionLabel"));
    bar->addWidget(step_, 1);
    bar->addPermanentWidget(eta_);
    bar->addPermanentWidget(progress_);
    bar->addPermanentWidget(session_);
}

void RunStatus::setText(const QString& text) { step_->setText(text); }

QString RunStatus::text() const { return step_->text(); }

void RunStatus::setBusy(const QString& text) {
    progress_->setRange(0, 0);
    step_->setText(text);
}

void RunStatus::showProgress(const ProgressEvent& p) {
    progress_->setRange(0, std::max(1, p.total));
    progress_->setValue(std::min(p.done, std::max(1, p.total)));
    const QString benchmark = QString::fromStdString(p.benchmark);
    step_->setText(p.step.empty() ? benchmark : tr("%1 — %2").arg(benchmark, QString::fromStdString(p.step)));
    eta_->setText(tr("elapsed %1, ETA %2").arg(formatDuration(p.elapsedSeconds), formatDuration(p.etaSeconds)));
}

void RunStatus::showFinished(bool ok, const QString& text) {
    if (progress_->maximum() == 0) progress_->setRange(0, 1);  // no progress came: a recording
    if (ok) progress_->setValue(progress_->maximum());
    step_->setText(text);
    eta_->clear();
}

void RunStatus::setSession(const QString& path) {
    session_->setText(tr("Session: %1").arg(QFileInfo(path).fileName()));
    session_->setToolTip(path);
}

QString RunStatus::sessionText() const { return session_->text(); }

}  // namespace ts::gui
