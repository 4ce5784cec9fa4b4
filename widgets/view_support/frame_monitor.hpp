#pragma once
#include <QElapsedTimer>
#include <QObject>
#include <QTimer>

#include <vector>

namespace ts::gui {

// Measures how long the GUI thread's event loop goes without turning: a precise timer asks
// to fire every `intervalMs`; the gap between two firings, less the interval, is time the
// loop spent on something else (a frame can not be shown sooner than that).
class FrameMonitor : public QObject {
    Q_OBJECT
public:
    explicit FrameMonitor(int intervalMs = 5, QObject* parent = nullptr);

    void start();
    void stop();
    void reset();
    double maxGapMs() const { return maxGapMs_; }
    double percentileGapMs(double q) const;  // of every gap seen
    int samples() const { return static_cast<int>(gaps_.size()); }
    int gapsOver(double ms) const;

private:
    void tick();

    QTimer timer_;
    QElapsedTimer clock_;
    qint64 last_ = -1;
    double maxGapMs_ = 0;
    std::vector<float> gaps_;
};

}  // namespace ts::gui
