#pragma once
#include <QStringList>

namespace ts::gui {

class MainWindow;

// Saves the window and one plot of each evidence kind the run produced into `dir`
// (tools/screenshot.sh uses this for docs/screenshots/). Returns the files written.
QStringList saveScreenshots(MainWindow& window, const QString& dir);

// The window as it is now, mid-way through a replay, as `dir`/replay-midway.png; empty when it
// could not be written.
QString saveReplayScreenshot(MainWindow& window, const QString& dir);

}  // namespace ts::gui
