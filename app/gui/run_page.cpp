#include "run_page.hpp"

#include <QFileInfo>
#include <QTimer>

#include <utility>

#include "view_support/format.hpp"
#include "program_support/recording_replay.hpp"
#include "view_support/results_model.hpp"
#include "plots/series_store.hpp"
#include "run_controller.hpp"
#include "run_panel.hpp"
#include "run_status.hpp"
#include "view_support/qt_text.hpp"

namespace ts::gui {
RunPage::RunPage(RunController* controller, RunPanel* panel, SeriesStore* store, ResultsModel* results, RunStatus* status,
                 QObject* parent)
    : QObject(parent),
      controller_(controller),
      panel_(panel),
      store_(store),
      results_(results),
      status_(status),
      topologyTimer_(new QTimer(this)) {
    results_->setShown(&topology_);
    topologyTimer_->setSingleShot(true);
    topologyTimer_->setInterval(150);
    connect(topologyTimer_, &QTimer::timeout, this, &RunPage::topologyChanged);
    RunWorker* w = controller_->worker();
    connect(w, &RunWorker::runStarted, this, &RunPage::onRunStarted);
    connect(w, &RunWorker::recordingOpened, this, &RunPage::onRecordingRead);
    connect(w, &RunWorker::deviceInfo, this, &RunPage::onDeviceInfo);
    connect(w, &RunWorker::seriesChunk, store_, [this](const std::shared_ptr<const Series>& rows, qsizetype first) {
        store_->addChunk(*rows, static_cast<std::size_t>(first));
    });
    connect(w, &RunWorker::reduction, store_, &SeriesStore::setReduction);
    connect(w, &RunWorker::changePoint, store_, &SeriesStore::setChangePoint);
    connect(w, &RunWorker::result, this, &RunPage::onResult);
    connect(w, &RunWorker::progress, status_, &RunStatus::showProgress);
    connect(w, &RunWorker::replayStarted, this, &RunPage::onReplayStarted);
    connect(w, &RunWorker::runFinished, this, &RunPage::onFinished);
}

QString replayPaceText(double speed, bool timed) {
    if (!timed)
        return RunPage::tr("at one row every %1 ms (the file has no time stamps)")
            .arg(app::kUntimedRowSeconds * 1000.0 / speed, 0, 'f', 0);
    if (speed > 0.999 && speed < 1.001) return RunPage::tr("at the recorded pace");
    if (speed < 1) return RunPage::tr("at 1/%1 of the recorded pace").arg(1.0 / speed, 0, 'g', 3);
    return RunPage::tr("at %1× the recorded pace").arg(speed, 0, 'g', 3);
}

void RunPage::clear() {
    haveRunData_ = false;
    store_->clear();
    results_->clear();
    topology_ = {};
    status_->setSession({});  // a run names its new session; a recording has none
    Q_EMIT cleared();
    if (!topologyTimer_->isActive()) topologyTimer_->start();
}

bool RunPage::start(const QString& sessionFolder, int simDelayUs, std::uint64_t tlbWalkBytes) {
    const DeviceChoice* device = panel_->currentDevice();
    if (!device || controller_->busy()) return false;
    panel_->updateCatalog();  // a recording shown before may have listed its own GPU's items
    const QStringList groups = panel_->checkedGroups();
    if (groups.isEmpty()) {
        Q_EMIT logged(tr("nothing to run: check at least one benchmark"));
        return false;
    }
    clear();
    shown_.clear();
    status_->setBusy(tr("Starting…"));
    const QStringList all = panel_->benchmarks()->allGroups();
    controller_->start(*device, groups.size() == all.size() ? QStringList{} : groups, simDelayUs,
                       panel_->elementsToRun(), sessionFolder, tlbWalkBytes);
    Q_EMIT logged(tr("run on %1: %2").arg(device->label, groups.join(QStringLiteral(", "))));
    return true;
}

void RunPage::cancel() {
    if (!controller_->busy()) return;
    controller_->cancel();
    status_->setText(tr("Cancelling…"));
    Q_EMIT logged(tr("cancel requested"));
}

// What is shown stays until the file has been read: a file that cannot be read leaves the
// view, the device and Run as they were (RenderDoc and Hotspot keep the open capture too).
bool RunPage::openRecording(const QString& path) {
    if (controller_->busy()) return false;
    opening_ = path;
    status_->setBusy(tr("Opening %1…").arg(path));
    controller_->openRecording(path);
    return true;
}

bool RunPage::replayRecording(const QString& path, double speed) {
    if (controller_->busy()) return false;
    opening_ = path;
    replaying_ = true;
    status_->setBusy(tr("Opening %1 to replay it…").arg(path));
    controller_->replayRecording(path, speed);
    return true;
}

void RunPage::onReplayStarted(const QString& path, double speed, bool timed, double seconds) {
    const QString prefix = tr("Replay of %1 %2").arg(QFileInfo(path).fileName(), replayPaceText(speed, timed));
    status_->setReplay(prefix);
    Q_EMIT logged(tr("replaying %1 %2, about %3; not a live run (Cancel shows the rest at once)")
                      .arg(path, replayPaceText(speed, timed), formatDuration(seconds)));
}

void RunPage::onRunStarted(const QString& description) {
    if (opening_.isEmpty()) haveRunData_ = true;
    Q_EMIT logged((opening_.isEmpty() ? tr("started: %1") : tr("opening: %1")).arg(description));
}

void RunPage::onRecordingRead(const QString& path) {
    clear();
    haveRunData_ = true;
    panel_->addRecording(path);
}

void RunPage::onDeviceInfo(const DeviceInfo& d, const QString& measuredUtc, const QString& toolVersion) {
    topology_.device = d;
    topology_.timestamp = measuredUtc.toStdString();
    topology_.toolVersion = toolVersion.toStdString();
    if (!topologyTimer_->isActive()) topologyTimer_->start();
    Q_EMIT deviceShown(d);
    // MT4G's reports name no architecture: "(AMD)", not "(AMD, )".
    const QString maker = d.arch.empty() ? qText(toString(d.vendor)) : tr("%1, %2").arg(qText(toString(d.vendor)), qText(d.arch));
    Q_EMIT logged(tr("%1 (%2): %3 units at %4, L2 %5, memory %6 [%7]")
                      .arg(qText(d.name), maker)
                      .arg(d.unitCount)
                      .arg(formatClockKhz(static_cast<double>(d.clockKhz)),
                           formatBytes(static_cast<double>(d.l2SizeBytes)),
                           formatBytes(static_cast<double>(d.totalGlobalBytes)), qText(d.backend)));
}

void RunPage::onResult(const ResultEvent& r) {
    const Attribute& a = r.attribute;
    topology_.element(r.element).set(a);
    results_->noteResult(r.element, a.name);
    store_->addDecision(r);
    if (!topologyTimer_->isActive()) topologyTimer_->start();
    if (a.source != Source::Api)
        Q_EMIT logged(tr("%1 %2 = %3 (confidence %4)")
                          .arg(qText(displayName(r.element)), attributeTitle(qText(a.name)), formatValue(a))
                          .arg(a.confidence, 0, 'f', 2));
}

void RunPage::onFinished(const RunOutcome& o) {
    const QString opened = std::exchange(opening_, QString());
    // The worker hands over what it ran or opened; a recording it could not read hands over
    // nothing, and the shown one stays.
    if (o.topology) {
        topology_ = *o.topology;
        results_->noteReplaced();
    }
    if (o.ok && !opened.isEmpty()) shown_ = opened;
    const QString text = finishedText(o, opened);
    replaying_ = false;
    status_->setReplay({});
    status_->showFinished(o.ok, text);
    Q_EMIT logged(text);
    topologyTimer_->stop();
    Q_EMIT finished(o, text, opened);
}

QString RunPage::finishedText(const RunOutcome& o, const QString& opened) const {
    const QString name = QFileInfo(opened).fileName();
    if (replaying_ && o.ok && o.cancelled)
        return tr("Replay of %1 stopped; the whole recording is shown: %n result(s)", nullptr, results_->rowCount()).arg(name);
    if (replaying_ && o.ok)
        return tr("Replayed %1: %n result(s), as the recording holds them", nullptr, results_->rowCount()).arg(name);
    QString text;
    if (o.ok && !opened.isEmpty())
        text = tr("Opened %1: %n result(s)", nullptr, results_->rowCount()).arg(QFileInfo(opened).fileName());
    else if (o.ok)
        text = tr("Finished in %1: %n result(s)", nullptr, results_->rowCount()).arg(formatDuration(o.seconds));
    else if (o.cancelled)
        text = tr("Cancelled after %1; the results so far stay").arg(formatDuration(o.seconds));
    else if (!opened.isEmpty())
        text = tr("Not opened (what was shown stays): %1").arg(o.message);
    else
        text = tr("Failed: %1").arg(o.message);
    return text;
}

}  // namespace ts::gui
