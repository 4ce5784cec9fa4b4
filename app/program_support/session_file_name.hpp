#pragma once
#include <memory>
#include <string>

#include "io/session_recorder.hpp"

namespace ts::app {

// Creates a new, empty session file <dir>/<UTC time>-<label>-<pid>.tss, creating `dir`, and
// returns its path. The name is taken exclusively: where a file of that name exists (two runs
// of one second with one PID: containers and PID namespaces repeat PIDs, every job can be PID 1)
// the next free one of <...>-2.tss, -3.tss, ... is taken, so no run overwrites another's
// session. The label is reduced to letters, digits, '-' and '.'. Throws std::runtime_error when
// `dir` cannot be made or no name can be created. TOPOSCOPE_TEST_PID, where set, stands in for
// the PID (a test hook: two runs with one PID without a PID namespace).
std::string newSessionPath(const std::string& dir, const std::string& label);

// A recorder into the session file `path` (--session FILE). When the recorder cannot start (the
// file cannot be opened for writing, its first record cannot be written: a full disk, a file-size
// limit) an empty file is removed before the error goes on: no empty session is left behind.
// Throws std::runtime_error.
std::unique_ptr<SessionRecorder> recordSessionTo(const std::string& path, Observer& next, const Topology* live);

// recordSessionTo a new session file of newSessionPath: the default session of the CLI and the GUI.
std::unique_ptr<SessionRecorder> recordNewSession(const std::string& dir, const std::string& label, Observer& next,
                                                  const Topology* live);

}  // namespace ts::app
