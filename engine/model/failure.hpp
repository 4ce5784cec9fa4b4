#pragma once
#include <string>

namespace ts {

// A benchmark of the plan that produced no result of its own: it threw (`failed`), or it
// was skipped because the device had been lost before its turn (`notRun`).
struct BenchmarkFailure {
    std::string benchmark;  // plan item name, "L2 Size"
    bool notRun = false;    // false: it ran and failed
    std::string reason;     // the backend's message ("out of device memory allocating ...")

    std::string status() const { return notRun ? "not run" : "failed"; }
};

}  // namespace ts
