#pragma once
// Reopens a session file written by SessionRecorder (format: docs/recording.md).
#include <string>
#include <vector>

#include "model/topology.hpp"

namespace ts {

// One record of a session as an event, in the order the run produced it: what a replay at the
// recorded pace needs (the topology above holds only where they led).
struct SessionEvent {
    enum class Kind { Rows, Result, Warning, Begin, End, Progress };
    Kind kind = Kind::Rows;
    double t = -1;            // seconds since the run started; -1: not recorded (sessions before "t")
    std::string benchmark;    // Begin, End, Progress
    std::string text;         // Progress: the step; Warning: the message
    int done = 0, total = 0;  // Progress: the plan's count
    double seconds = -1;      // End: how long the benchmark ran; -1: not recorded
    std::size_t first = 0;    // Rows: index of the first new row; 0 replaces the series
    Series rows;              // Rows: the series (id, title, kind, element) with the new rows only
    Element element = Element::L1;  // Result
    Attribute attribute;            // Result
};

struct Session {
    Topology topology;                // everything recorded; API facts re-derived from the device
    std::vector<std::string> cutOff;  // benchmarks begun but never ended (the run died in them)
    std::vector<std::string> finished;  // benchmarks that ended, in order
    std::string outcome;              // the close record's ("finished", "cancelled", ...); empty: never closed
    std::string damage;               // why reading stopped before the end of the file; empty if it did not
    std::size_t records = 0;
    std::vector<SessionEvent> timeline;  // filled only when asked for (readSession's withTimeline)
};

// Keeps every whole record and tolerates a torn or damaged tail (said in `damage` and in the
// topology's warnings). Throws InputError naming the file and the problem for anything that is
// not a session: no header, no device, a record that is not what its type says.
// `withTimeline`: keep every event in order too (Session::timeline), at the cost of a second copy
// of the rows.
Session readSession(const std::string& path, bool withTimeline = false);
Session sessionFromBytes(const std::string& bytes, const std::string& origin, bool withTimeline = false);

}  // namespace ts
