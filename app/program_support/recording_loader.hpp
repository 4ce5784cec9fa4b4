#pragma once
// Opens anything TopoScope can show as a topology: its own report (JSON), a session file, an
// MT4G JSON report (with the raw folder beside it as evidence) or a folder of MT4G raw series.
// Used by toposcope-cli (report, analyze) and the GUI (File > Open, drag and drop, --open).
#include <string>
#include <vector>

#include "io/session_read.hpp"
#include "model/topology.hpp"

namespace ts::app {

enum class RecordingKind { Report, Session, Mt4gJson, Mt4gRaw };

// "TopoScope report", "session", "MT4G JSON report", "MT4G raw folder".
const char* recordingKindName(RecordingKind kind);

struct Recording {
    RecordingKind kind = RecordingKind::Report;
    std::string path;
    Topology topology;
    std::vector<std::string> warnings;  // the readers' notes (e.g. skipped raw files); some are in topology.warnings too
    // Sessions only:
    std::vector<std::string> cutOff;  // benchmarks that were running when the recording ended
    std::string outcome;              // how the run ended ("finished", "cancelled", ...); empty: never closed
    std::string damage;               // why reading stopped before the end of the file; empty if it did not
    std::vector<SessionEvent> timeline;  // every event in order, with its time; only from loadRecordingForReplay
};

// What `path` is, from its content (a folder is an MT4G raw folder). Throws InputError naming
// the path and the problem: missing, empty, unreadable, or none of the four kinds.
RecordingKind detectRecordingKind(const std::string& path);

// Reads `path` as `kind` with the existing readers. Throws InputError naming the file.
Recording loadRecording(const std::string& path, RecordingKind kind);

// detectRecordingKind, then loadRecording.
Recording loadRecording(const std::string& path);

// loadRecording, and for a session its events in order (Recording::timeline) for a replay.
Recording loadRecordingForReplay(const std::string& path);

}  // namespace ts::app
