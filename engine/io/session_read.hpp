#pragma once
// Reopens a session file written by SessionRecorder (format: docs/recording.md).
#include <string>
#include <vector>

#include "model/topology.hpp"

namespace ts {

struct Session {
    Topology topology;                // everything recorded; API facts re-derived from the device
    std::vector<std::string> cutOff;  // benchmarks begun but never ended (the run died in them)
    std::vector<std::string> finished;  // benchmarks that ended, in order
    std::string outcome;              // the close record's ("finished", "cancelled", ...); empty: never closed
    std::string damage;               // why reading stopped before the end of the file; empty if it did not
    std::size_t records = 0;
};

// Keeps every whole record and tolerates a torn or damaged tail (said in `damage` and in the
// topology's warnings). Throws InputError naming the file and the problem for anything that is
// not a session: no header, no device, a record that is not what its type says.
Session readSession(const std::string& path);
Session sessionFromBytes(const std::string& bytes, const std::string& origin);

}  // namespace ts
