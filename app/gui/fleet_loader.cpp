#include "fleet_loader.hpp"

#include <QThread>

namespace ts::gui {

FleetLoader::FleetLoader(QObject* parent) : QObject(parent) {}

FleetLoader::~FleetLoader() {
    if (!thread_) return;
    thread_->wait();
    delete thread_;
}

bool FleetLoader::load(const QStringList& paths) {
    if (thread_) return false;
    paths_ = paths;
    // result_ is written by the thread only, and read here only after it has finished.
    thread_ = QThread::create([this, paths] { result_ = loadFleet(paths); });
    connect(thread_, &QThread::finished, this, &FleetLoader::onThreadFinished);
    thread_->start();
    return true;
}

void FleetLoader::onThreadFinished() {
    thread_->deleteLater();
    thread_ = nullptr;
    FleetLoadResult result = std::move(result_);
    result_ = {};
    if (result.ok())
        emit loaded(result.data, paths_);
    else
        emit failed(result.file, result.problem);
}

}  // namespace ts::gui
