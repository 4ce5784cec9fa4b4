#include "fleet_background_reader.hpp"

#include <QThread>

namespace ts::gui {

FleetBackgroundReader::FleetBackgroundReader(QObject* parent) : QObject(parent) {}

FleetBackgroundReader::~FleetBackgroundReader() {
    if (!thread_) return;
    thread_->wait();
    delete thread_;
}

bool FleetBackgroundReader::load(const QStringList& paths) {
    if (thread_) return false;
    paths_ = paths;
    // result_ is written by the thread only, and read here only after it has finished.
    thread_ = QThread::create([this, paths] { result_ = readFleetFiles(paths); });
    connect(thread_, &QThread::finished, this, &FleetBackgroundReader::onThreadFinished);
    thread_->start();
    return true;
}

void FleetBackgroundReader::onThreadFinished() {
    thread_->deleteLater();
    thread_ = nullptr;
    FleetReadResult result = std::move(result_);
    result_ = {};
    if (result.ok())
        emit loaded(result.data, paths_);
    else
        emit failed(result.file, result.problem);
}

}  // namespace ts::gui
