#include "view_support/frame_monitor.hpp"

#include <algorithm>
#include <cmath>

namespace ts::gui {

FrameMonitor::FrameMonitor(int intervalMs, QObject* parent) : QObject(parent) {
    timer_.setTimerType(Qt::PreciseTimer);
    timer_.setInterval(intervalMs);
    connect(&timer_, &QTimer::timeout, this, &FrameMonitor::tick);
}

void FrameMonitor::start() {
    reset();
    clock_.start();
    timer_.start();
}

void FrameMonitor::stop() { timer_.stop(); }

void FrameMonitor::reset() {
    last_ = -1;
    maxGapMs_ = 0;
    gaps_.clear();
}

void FrameMonitor::tick() {
    const qint64 now = clock_.nsecsElapsed();
    if (last_ >= 0) {
        const double gap = (now - last_) / 1e6;
        gaps_.push_back(static_cast<float>(gap));
        maxGapMs_ = std::max(maxGapMs_, gap);
    }
    last_ = now;
}

double FrameMonitor::percentileGapMs(double q) const {
    if (gaps_.empty()) return 0;
    std::vector<float> v = gaps_;
    const auto i = std::min(v.size() - 1, static_cast<std::size_t>(std::floor(q * static_cast<double>(v.size()))));
    std::nth_element(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(i), v.end());
    return v[i];
}

int FrameMonitor::gapsOver(double ms) const {
    return static_cast<int>(std::count_if(gaps_.begin(), gaps_.end(), [&](float g) { return g > ms; }));
}

}  // namespace ts::gui
