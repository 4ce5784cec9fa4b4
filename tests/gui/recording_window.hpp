#pragma once
// A main window that opened a recording, as a user does with File ▸ Open: the set-up the sheet
// tests share.
#include <QSignalSpy>

#include <memory>

#include "main_window.hpp"
#include "window_fixtures.hpp"

namespace ts::gui::test {

// A recording kept in docs/results ("h100.json", "h200-x2/gpu1.json").
inline QString resultsRecording(const QString& name) {
    return QStringLiteral(TOPOSCOPE_TEST_DATA "/../../docs/results/") + name;
}

// A window on the simulated H100 (settings ignored) that opened `path` and finished loading it;
// null when the device list or the recording did not arrive in time.
inline std::unique_ptr<MainWindow> windowWithRecording(const QString& path) {
    auto w = std::make_unique<MainWindow>(quietOptions());
    if (!waitForDevices(*w)) return nullptr;
    QSignalSpy finished(w.get(), &MainWindow::runFinished);
    w->openRecording(path);
    if (!finished.wait(60000)) return nullptr;
    return w;
}

}  // namespace ts::gui::test
