#pragma once
#include <QStringList>

namespace ts::gui {

struct WindowViews;

// Saves the window on its Fleet tab, with the GPU of the most outliers and the first other
// GPU side by side, into `dir` as fleet-view.png (tools/screenshot.sh). Returns the files written.
QStringList saveFleetScreenshots(const WindowViews& views, const QString& dir);

}  // namespace ts::gui
