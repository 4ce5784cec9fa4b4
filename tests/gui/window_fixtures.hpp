#pragma once
// The main window as the GUI tests start it: the simulated H100, no saved settings.
#include <QSignalSpy>

#include <algorithm>

#include "io/session_read.hpp"
#include "launch_options.hpp"
#include "main_window.hpp"
#include "run_outcome.hpp"

namespace ts::gui::test {

// simDelayUs: a pause per simulated device call, for tests that watch a run in progress.
inline LaunchOptions quietOptions(int simDelayUs = 0) {
    LaunchOptions o;
    o.backend = QStringLiteral("sim");
    o.profile = QStringLiteral("h100");
    o.ignoreSettings = true;
    o.simDelayUs = simDelayUs;
    return o;
}

// The outcome of the run `finished` spies on, once it has ended (a timed-out one if it did not).
inline RunOutcome finishedOutcome(QSignalSpy& finished, int timeoutMs) {
    if (finished.isEmpty() && !finished.wait(timeoutMs)) return {false, false, QStringLiteral("timed out"), 0};
    return finished.first().first().value<RunOutcome>();
}

// Opens a recording and waits until the window has shown it (at most 60 s).
inline RunOutcome openAndWait(MainWindow& w, const QString& path) {
    QSignalSpy finished(&w, &MainWindow::runFinished);
    w.openRecording(path);
    return finishedOutcome(finished, 60000);
}

// True once the window knows its devices (at most 20 s).
// The seconds a session's events span, as recorded.
inline double recordedSeconds(const QString& session) {
    double last = 0;
    for (const auto& e : ts::readSession(session.toStdString(), true).timeline) last = std::max(last, e.t);
    return last;
}

inline bool waitForDevices(MainWindow& w) {
    if (w.devicesKnown()) return true;
    QSignalSpy ready(&w, &MainWindow::devicesReady);
    return ready.wait(20000);
}

}  // namespace ts::gui::test
