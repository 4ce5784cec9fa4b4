#pragma once
// The flags that shape a discovery run, declared once for every command line that starts one
// (toposcope-cli, its --all-devices, toposcope-mpi): the same names, checks and help everywhere.
#include "run/run_flags.hpp"

namespace CLI {
class App;
}

namespace ts::app {

// --only, --wait-for-idle, --exclusive, --tlb-walk-gib into `flags`.
void addRunFlagOptions(CLI::App& app, RunFlags& flags);

}  // namespace ts::app
