#include "program_support/run_flag_options.hpp"

#include <CLI/CLI.hpp>

#include "benchmarks/benchmark_groups.hpp"

namespace ts::app {

void addRunFlagOptions(CLI::App& app, RunFlags& flags) {
    app.add_option("--only", flags.only,
                   "comma list of groups: " + benchmarkGroupIds() + "; the default run has all but " + optInGroupIds());
    app.add_option("--with", flags.with,
                   "comma list of groups to run beside the default ones (or those of --only), such as the opt-in " +
                       optInGroupIds() + " (it takes longer)");
    app.add_option("--wait-for-idle", flags.waitForIdleSeconds,
                   "on a GPU that other processes use, wait up to SECONDS for them to go; then measure anyway and warn")
        ->check(CLI::NonNegativeNumber);
    app.add_flag("--exclusive", flags.exclusive,
                 "refuse to measure on a GPU that another process uses (exit status 4; docs/faults.md)");
    app.add_option_function<int>(
           "--tlb-walk-gib", [&flags](int gib) { flags.tlbWalkBytes = static_cast<std::uint64_t>(gib) << 30; },
           "where the backend cannot map one allocation many times (HIP), let the TLB walks take up to GIB "
           "of device memory (default 16; up to 128); CUDA walks span 128 GiB of addresses in 1 GiB")
        ->check(CLI::Range(1, 128));
}

}  // namespace ts::app
