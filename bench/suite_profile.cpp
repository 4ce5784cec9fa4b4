// toposcope-suite-profile: where the default suite's time goes on a real GPU, benchmark by
// benchmark (issue 41): wall time, and out of the CUDA backend's counters the chase launches, the
// array initialisations, the L2 flushes and bandwidth launches, the host time in chase calls and
// the GPU time of their kernels. What is neither chase kernel nor its host side is the other calls
// (sequence chases, eviction tests) and the analysis. Usage: toposcope-suite-profile [--only G,...]
#include <chrono>
#include <cstdio>
#include <cstring>
#include <exception>
#include <string>
#include <vector>

#include "cuda/cuda_backend.hpp"
#include "run/discovery_run.hpp"
#include "run/run_flags.hpp"

namespace {

using Clock = std::chrono::steady_clock;

struct Row {
    std::string benchmark;
    double wallSeconds = 0;
    ts::CudaLaunchStats used;
};

ts::CudaLaunchStats minus(const ts::CudaLaunchStats& a, const ts::CudaLaunchStats& b) {
    ts::CudaLaunchStats d;
    d.chaseLaunches = a.chaseLaunches - b.chaseLaunches;
    d.placementRetries = a.placementRetries - b.placementRetries;
    d.initLaunches = a.initLaunches - b.initLaunches;
    d.constUploads = a.constUploads - b.constUploads;
    d.l2Flushes = a.l2Flushes - b.l2Flushes;
    d.moduleLaunches = a.moduleLaunches - b.moduleLaunches;
    d.bandwidthLaunches = a.bandwidthLaunches - b.bandwidthLaunches;
    d.chaseWallSeconds = a.chaseWallSeconds - b.chaseWallSeconds;
    d.chaseKernelSeconds = a.chaseKernelSeconds - b.chaseKernelSeconds;
    return d;
}

// Closes a row whenever the progress names another benchmark.
class Profiler : public ts::Observer {
public:
    explicit Profiler(const ts::Backend& backend) : backend_(backend) {}
    void onProgress(const ts::ProgressEvent& e) override {
        if (e.benchmark == current_) return;
        close();
        current_ = e.benchmark;
        start_ = Clock::now();
        at_ = *ts::cudaLaunchStats(backend_);
    }
    void close() {
        if (current_.empty()) return;
        rows.push_back({current_, std::chrono::duration<double>(Clock::now() - start_).count(),
                        minus(*ts::cudaLaunchStats(backend_), at_)});
        current_.clear();
    }
    std::vector<Row> rows;

private:
    const ts::Backend& backend_;
    std::string current_;
    Clock::time_point start_;
    ts::CudaLaunchStats at_;
};

}  // namespace

int main(int argc, char** argv) {
    try {
        ts::RunFlags flags;
        if (argc > 2 && std::strcmp(argv[1], "--only") == 0) flags.only = argv[2];
        const auto started = Clock::now();
        std::unique_ptr<ts::Backend> backend = ts::makeCudaBackend(0);
        Profiler profiler(*backend);
        ts::CancelToken cancel;
        ts::Topology topology;
        const ts::DiscoveryOutcome outcome =
            ts::runDiscoveryToOutcome(*backend, ts::discoveryOptions(flags), profiler, cancel, topology, nullptr);
        profiler.close();
        std::printf("%-32s %8s %7s %6s %6s %6s %9s %9s %9s\n", "benchmark", "wall ms", "chases", "inits", "flush",
                    "bw", "chase ms", "kernel ms", "other ms");
        double total = 0, kernels = 0;
        for (const Row& r : profiler.rows) {
            const auto& u = r.used;
            std::printf("%-32s %8.1f %7llu %6llu %6llu %6llu %9.1f %9.1f %9.1f\n", r.benchmark.c_str(), 1e3 * r.wallSeconds,
                        static_cast<unsigned long long>(u.chaseLaunches), static_cast<unsigned long long>(u.initLaunches),
                        static_cast<unsigned long long>(u.l2Flushes), static_cast<unsigned long long>(u.bandwidthLaunches),
                        1e3 * u.chaseWallSeconds, 1e3 * u.chaseKernelSeconds, 1e3 * (r.wallSeconds - u.chaseWallSeconds));
            total += r.wallSeconds;
            kernels += u.chaseKernelSeconds;
        }
        std::printf("benchmarks %.2f s (chase kernels %.2f s); process to here %.2f s; %s\n", total, kernels,
                    std::chrono::duration<double>(Clock::now() - started).count(), outcome.userMessage().c_str());
        return outcome.exitStatus();
    } catch (const std::exception& e) {
        std::fprintf(stderr, "toposcope-suite-profile: %s\n", e.what());
        return 1;
    }
}
