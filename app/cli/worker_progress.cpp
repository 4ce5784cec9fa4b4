#include "worker_progress.hpp"
#include "terminal_text.hpp"

#include <cstdio>
#include <mutex>

namespace ts::cli {
namespace {

std::mutex& printLock() {
    static std::mutex lock;
    return lock;
}

}  // namespace

void WorkerProgress::onDevice(const DeviceInfo& d) {
    if (quiet_) return;
    std::lock_guard<std::mutex> hold(printLock());
    printMessage(stderr, "[%s] device: %s (%d units) via %s\n", prefix_.c_str(), d.name.c_str(), d.unitCount,
                 d.backend.c_str());
}

void WorkerProgress::onProgress(const ProgressEvent& e) {
    if (quiet_ || e.benchmark == lastBenchmark_) return;
    lastBenchmark_ = e.benchmark;
    std::lock_guard<std::mutex> hold(printLock());
    printMessage(stderr, "[%s %d/%d %5.1fs] %s\n", prefix_.c_str(), e.done, e.total, e.elapsedSeconds, e.benchmark.c_str());
}

void WorkerProgress::onWarning(const std::string& message) {
    std::lock_guard<std::mutex> hold(printLock());
    printMessage(stderr, "[%s] warning: %s\n", prefix_.c_str(), message.c_str());
}

}  // namespace ts::cli
