#pragma once
#include <QStringList>

namespace ts::gui {

struct WindowViews;

// Saves the window and one plot of each evidence kind the run produced into `dir`
// (tools/screenshot.sh uses this for docs/screenshots/). Returns the files written.
QStringList saveScreenshots(const WindowViews& views, const QString& dir);

// The window as it is now, mid-way through a replay, as `dir`/replay-midway.png; empty when it
// could not be written.
QString saveReplayScreenshot(const WindowViews& views, const QString& dir);

}  // namespace ts::gui
