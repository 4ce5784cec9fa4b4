#pragma once
#include <QString>

namespace ts::gui {

// Where the GUI records its runs: the folder toposcope-cli records into too (app::sessionFolder(),
// $XDG_DATA_HOME/toposcope/sessions), so each sees the other's. Empty when there is no home.
QString defaultSessionFolder();

}  // namespace ts::gui
