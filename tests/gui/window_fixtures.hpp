#pragma once
// The main window as the GUI tests start it: the simulated H100, no saved settings.
#include <QSignalSpy>

#include "launch_options.hpp"
#include "main_window.hpp"

namespace ts::gui::test {

inline LaunchOptions quietOptions() {
    LaunchOptions o;
    o.backend = QStringLiteral("sim");
    o.profile = QStringLiteral("h100");
    o.ignoreSettings = true;
    return o;
}

// True once the window knows its devices (at most 20 s).
inline bool waitForDevices(MainWindow& w) {
    if (w.devicesKnown()) return true;
    QSignalSpy ready(&w, &MainWindow::devicesReady);
    return ready.wait(20000);
}

}  // namespace ts::gui::test
