#pragma once
// The exit statuses every front end returns (docs/cli.md): one list, so that a run ends the same
// whoever started it.
namespace ts {

enum ExitStatus : int {
    kExitOk = 0,
    kExitRunFailed = 1,   // the run failed, was cancelled, or an output could not be written
    kExitBadInput = 2,    // a flag, file or profile was refused before anything was measured
    kExitSomeFailed = 3,  // the run finished, some benchmarks failed (the report says which)
    kExitSharedGpu = 4,   // --exclusive and another process uses the GPU
    kExitDeviates = 5,    // check: the GPU deviates from its reference (the output says what and by how much)
};

// Of several runs' statuses (one per GPU), the one a fleet exits with: a failure over a refusal
// over failed benchmarks over success.
int worstExitStatus(int a, int b);

}  // namespace ts
