#pragma once
#include <string>

namespace ts::app {

// <dir>/<UTC time>-<label>-<pid>.tss for a new session recording, creating `dir`. The label is
// reduced to letters, digits, '-' and '.'. Throws std::runtime_error when `dir` cannot be made.
std::string newSessionPath(const std::string& dir, const std::string& label);

}  // namespace ts::app
