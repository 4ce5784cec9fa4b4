#pragma once
#include <string>

namespace ts::app {

// Creates a new, empty session file <dir>/<UTC time>-<label>-<pid>.tss, creating `dir`, and
// returns its path. The name is taken exclusively: where a file of that name exists (two runs
// of one second with one PID: containers and PID namespaces repeat PIDs, every job can be PID 1)
// the next free one of <...>-2.tss, -3.tss, ... is taken, so no run overwrites another's
// session. The label is reduced to letters, digits, '-' and '.'. Throws std::runtime_error when
// `dir` cannot be made or no name can be created. TOPOSCOPE_TEST_PID, where set, stands in for
// the PID (a test hook: two runs with one PID without a PID namespace).
std::string newSessionPath(const std::string& dir, const std::string& label);

}  // namespace ts::app
