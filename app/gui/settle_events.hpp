#pragma once
#include <QEventLoop>
#include <QTimer>

namespace ts::gui {

// Lets the event loop run for `ms`: pending layouts, repaints and timers happen before a picture.
inline void settleEvents(int ms) {
    QEventLoop loop;
    QTimer::singleShot(ms, &loop, &QEventLoop::quit);
    loop.exec();
}

}  // namespace ts::gui
