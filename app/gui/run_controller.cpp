#include "run_controller.hpp"

#include "metatypes.hpp"

namespace ts::gui {

RunController::RunController(QObject* parent) : QObject(parent), worker_(new RunWorker) {
    registerMetaTypes();
    thread_.setObjectName(QStringLiteral("engine"));
    worker_->moveToThread(&thread_);
    connect(&thread_, &QThread::finished, worker_, &QObject::deleteLater);
    connect(worker_, &RunWorker::runFinished, this, [this] { setBusy(false); });
    thread_.start();
}

RunController::~RunController() {
    cancel();
    thread_.quit();
    thread_.wait();
}

void RunController::requestDevices() {
    QMetaObject::invokeMethod(
        worker_, [w = worker_] { w->listDevices(); }, Qt::QueuedConnection);
}

bool RunController::start(const DeviceChoice& device, const QStringList& groups, int simDelayUs,
                          const std::set<Element>& elements, const QString& sessionDir, std::uint64_t tlbWalkBytes) {
    if (busy_) return false;
    cancel_ = std::make_shared<CancelToken>();
    RunRequest request{device, groups, cancel_, simDelayUs, elements, sessionDir, tlbWalkBytes};
    setBusy(true);
    QMetaObject::invokeMethod(
        worker_, [w = worker_, request] { w->run(request); }, Qt::QueuedConnection);
    return true;
}

bool RunController::openRecording(const QString& path) {
    if (busy_) return false;
    setBusy(true);
    QMetaObject::invokeMethod(
        worker_, [w = worker_, path] { w->openRecording(path); }, Qt::QueuedConnection);
    return true;
}

bool RunController::replayRecording(const QString& path, double speed) {
    if (busy_) return false;
    cancel_ = std::make_shared<CancelToken>();
    setBusy(true);
    QMetaObject::invokeMethod(
        worker_, [w = worker_, path, speed, cancel = cancel_] { w->replayRecording(path, speed, cancel); },
        Qt::QueuedConnection);
    return true;
}

void RunController::describeDevice(const DeviceChoice& device) {
    QMetaObject::invokeMethod(
        worker_, [w = worker_, device] { w->describeDevice(device); }, Qt::QueuedConnection);
}

void RunController::saveReport(const QString& path, const Topology& topology) {
    QMetaObject::invokeMethod(
        worker_, [w = worker_, path, shown = std::make_shared<const Topology>(topology)] { w->saveReport(path, shown); },
        Qt::QueuedConnection);
}

void RunController::cancel() {
    if (cancel_) cancel_->cancel();
}

void RunController::setBusy(bool busy) {
    if (busy_ == busy) return;
    busy_ = busy;
    Q_EMIT busyChanged(busy);
}

}  // namespace ts::gui
