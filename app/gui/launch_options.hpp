#pragma once
#include <QString>
#include <QStringList>

#include <cstdint>

#include "benchmarks/discovery.hpp"

class QCoreApplication;

namespace ts::gui {

// What the command line asks for: `toposcope --backend sim --profile h100 --run`.
struct LaunchOptions {
    QString backend;  // empty: the saved or default device
    int device = 0;
    QString profile;
    QStringList groups;  // --only; empty: the saved selection
    bool run = false;
    QString recording;      // --open FILE
    bool replay = false;    // --replay: play the --open recording as if it were running
    double replaySpeed = 0; // --replay-speed: 1 the recorded pace, 0.2 five times slower; 0 the default
    QString screenshotDir;  // save screenshots there when the run ends
    bool quitAfterRun = false;
    bool ignoreSettings = false;
    int simDelayUs = 0;  // --sim-delay-us: pace the simulator like a GPU (the command line's default: kWatchableSimDelayUs)
    std::uint64_t tlbWalkBytes = kDefaultTlbWalkBytes;  // --tlb-walk-gib: how far the TLB walks may span
    QString palette;     // --palette system|light|dark; empty: the saved choice
    QString exportPdf;   // --export-pdf FILE: write the topology sheet after the run or recording, then exit
    QString language;    // --lang en|de; empty: the system locale's (language.hpp installs it)
    QStringList fleet;   // --fleet FILE...: fleet reports or TopoScope reports to compare
};

// The simulator's pace when --sim-delay-us is not given and a window shows the run: about 1000
// device calls make the simulated H100's plan, so it takes about 20 s instead of 2 s.
constexpr int kWatchableSimDelayUs = 48000;

// Parses the application's arguments; exits with a message on bad ones (like --help does).
LaunchOptions parseLaunchOptions(const QCoreApplication& app);
LaunchOptions parseLaunchOptions(const QStringList& arguments);  // arguments()[0] is the program

}  // namespace ts::gui
