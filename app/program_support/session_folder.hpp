#pragma once
#include <string>

namespace ts::app {

// The one folder where toposcope-cli and the GUI record their runs, so each sees the other's:
// $XDG_DATA_HOME/toposcope/sessions, else ~/.local/share/toposcope/sessions (an XDG_DATA_HOME that
// is not an absolute path is ignored, as the XDG base directory rules say). Creates nothing.
// Throws std::runtime_error when neither XDG_DATA_HOME nor HOME is set.
std::string sessionFolder();

}  // namespace ts::app
