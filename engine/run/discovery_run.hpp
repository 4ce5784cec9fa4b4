#pragma once
// One discovery run, whoever starts it (toposcope-cli, the GUI's worker, --all-devices, the fleet,
// toposcope-mpi): options -> run -> outcome. How it ends (finished, cancelled, refused, failed),
// what that leaves in the topology's warnings and in the session, and the exit status are decided
// here and nowhere else.
#include <string>
#include <vector>

#include "backend/backend.hpp"
#include "benchmarks/discovery.hpp"
#include "events/observer.hpp"
#include "io/session_recorder.hpp"
#include "model/topology.hpp"

namespace ts {

enum class RunEnding {
    Finished,   // the plan ran to its end (some benchmarks may have failed: topology.failures)
    Cancelled,  // a cancel stopped it; the topology holds what finished before
    Refused,    // --exclusive and another process used the GPU
    Failed,     // the backend failed as a whole (a lost device is a benchmark failure, not this)
};

struct DiscoveryOutcome {
    RunEnding ending = RunEnding::Finished;
    std::string message;       // why it was refused or failed; empty otherwise
    std::string sessionError;  // why the session recording stopped early; empty when it did not
    bool someFailed = false;   // finished, but benchmarks failed or were not run
    // Injected faults (a testing aid, anywhere among the backend's wrappers) that no device call
    // met, one sentence each; also in the topology's warnings.
    std::vector<std::string> unfiredFaults;

    bool finished() const { return ending == RunEnding::Finished; }
    // "finished", "cancelled", "refused: ...", "failed: ..." (the session's last record).
    std::string endingText() const;
    // What to tell the user about the ending in one line; empty for a run that finished.
    std::string userMessage() const;
    // kExitOk, kExitRunFailed (cancelled, failed, or the session could not be kept),
    // kExitSharedGpu (refused) or kExitSomeFailed.
    int exitStatus() const;
};

// Runs the plan into `topology`. With a session, the events go through it to `observer` and it
// is closed with the ending. Never throws for a run that started: a cancel, a refusal or a
// failing backend end the run with what was finished kept, and a warning saying so.
DiscoveryOutcome runDiscoveryToOutcome(Backend& backend, const DiscoveryOptions& options, Observer& observer,
                                       const CancelToken& cancel, Topology& topology,
                                       SessionRecorder* session = nullptr);

}  // namespace ts
