#pragma once
#include <string>

namespace ts::cli {

// <the sessions folder the GUI shares, app::sessionFolder()>/<UTC time>-<label>-<pid>.tss,
// creating the folder. Throws std::runtime_error when there is no home or the folder cannot be made.
std::string defaultSessionPath(const std::string& label);

}  // namespace ts::cli
