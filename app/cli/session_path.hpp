#pragma once
#include <string>

namespace ts::cli {

// $XDG_DATA_HOME/toposcope/sessions (else ~/.local/share/toposcope/sessions)/<UTC time>-<label>.tss,
// creating the folder. Throws std::runtime_error when there is no home or the folder cannot be made.
std::string defaultSessionPath(const std::string& label);

}  // namespace ts::cli
