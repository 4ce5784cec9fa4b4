#pragma once
#include <QString>

namespace ts::gui {

// Where the GUI records its runs: QStandardPaths::AppDataLocation/sessions (on Linux
// $XDG_DATA_HOME/TopoScope/toposcope/sessions). Empty when the platform names no such place.
QString defaultSessionFolder();

}  // namespace ts::gui
