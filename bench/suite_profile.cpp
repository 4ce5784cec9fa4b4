// toposcope-suite-profile: where the default suite's time goes on a real GPU, benchmark by
// benchmark (issue 41): wall time, and out of the CUDA backend's counters the chase launches, the
// array initialisations, the L2 flushes and bandwidth launches, the host time in chase calls and
// the GPU time of their kernels; and out of a meter around the backend the count and wall time of
// each kind of call: the shared-GPU sentinel's chases, the other chases, sequence chases and
// eviction tests; and each benchmark's floor, the time its dependent loads take one after another
// at the latency they were measured at (device_work's count of a call's dependent loads x the
// median of its timed latencies; an eviction test at the L2's latency), which no launch, copy or
// host work adds to. Usage: toposcope-suite-profile [--only G,...]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <exception>
#include <string>
#include <vector>

#include "backend/device_work.hpp"
#include "backend/eviction_test.hpp"
#include "backend/forwarding_backend.hpp"
#include "benchmarks/interference_guard.hpp"
#include "cuda/cuda_backend.hpp"
#include "run/discovery_run.hpp"
#include "run/run_flags.hpp"

namespace {

using Clock = std::chrono::steady_clock;

struct CallTime {
    std::uint64_t calls = 0;
    double seconds = 0;
    double floorSeconds = 0;  // the calls' dependent loads at their measured latency
};

// Calls of each kind, as the benchmarks made them.
struct CallTimes {
    CallTime sentinel, chase, sequence, eviction;
    CallTimes operator-(const CallTimes& b) const {
        const auto d = [](CallTime x, CallTime y) {
            return CallTime{x.calls - y.calls, x.seconds - y.seconds, x.floorSeconds - y.floorSeconds};
        };
        return {d(sentinel, b.sentinel), d(chase, b.chase), d(sequence, b.sequence), d(eviction, b.eviction)};
    }
};

template <typename Call>
auto timed(CallTime& t, Call call) {
    const auto start = Clock::now();
    auto result = call();
    t.seconds += std::chrono::duration<double>(Clock::now() - start).count();
    ++t.calls;
    return result;
}

// Times every chase, chase batch, sequence chase and eviction test; passes everything on.
class CallMeter : public ts::ForwardingBackend {
public:
    explicit CallMeter(ts::Backend& inner)
        : ForwardingBackend(inner), device_(inner.queryDevice()) {}
    CallTimes times;

    ts::ChaseResult chase(const ts::ChaseRequest& r) override {
        const bool sentinel = ts::InterferenceGuard::isSentinel(r, device_.vendor, device_.l2SizeBytes);
        CallTime& t = sentinel ? times.sentinel : times.chase;
        ts::ChaseResult result = timed(t, [&] { return ForwardingBackend::chase(r); });
        t.floorSeconds += floorOf(ts::dependentLoads(r), result.latencies);
        return result;
    }
    std::vector<ts::ChaseResult> chaseBatch(const std::vector<ts::ChaseRequest>& r) override {
        std::vector<ts::ChaseResult> results = timed(times.chase, [&] { return ForwardingBackend::chaseBatch(r); });
        double longest = 0;  // the rows run side by side
        for (std::size_t i = 0; i < r.size() && i < results.size(); ++i)
            longest = std::max(longest, floorOf(ts::dependentLoads(r[i]), results[i].latencies));
        times.chase.floorSeconds += longest;
        return results;
    }
    ts::ChaseResult chaseSequence(const ts::SequenceChase& r) override {
        ts::ChaseResult result = timed(times.sequence, [&] { return ForwardingBackend::chaseSequence(r); });
        times.sequence.floorSeconds += floorOf(ts::dependentLoads(r), result.latencies);
        return result;
    }
    std::uint32_t evictionTest(const ts::EvictionTest& t) override {
        const std::uint32_t latency = timed(times.eviction, [&] { return ForwardingBackend::evictionTest(t); });
        times.eviction.floorSeconds += floorOf(ts::dependentLoads(t), {latency});
        return latency;
    }

private:
    // `loads` one after another at the median of `latencies` (cycles) at the SM clock.
    double floorOf(std::uint64_t loads, std::vector<std::uint32_t> latencies) const {
        if (latencies.empty() || device_.clockKhz == 0) return 0;
        std::nth_element(latencies.begin(), latencies.begin() + static_cast<std::ptrdiff_t>(latencies.size() / 2), latencies.end());
        return static_cast<double>(loads) * latencies[latencies.size() / 2] / (1e3 * static_cast<double>(device_.clockKhz));
    }

    ts::DeviceInfo device_;
};

struct Row {
    std::string benchmark;
    double wallSeconds = 0;
    ts::CudaLaunchStats used;
    CallTimes calls;
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
    Profiler(const ts::Backend& backend, const CallMeter& meter) : backend_(backend), meter_(meter) {}
    void onProgress(const ts::ProgressEvent& e) override {
        if (e.benchmark == current_) return;
        close();
        current_ = e.benchmark;
        start_ = Clock::now();
        at_ = *ts::cudaLaunchStats(backend_);
        callsAt_ = meter_.times;
    }
    void close() {
        if (current_.empty()) return;
        rows.push_back({current_, std::chrono::duration<double>(Clock::now() - start_).count(),
                        minus(*ts::cudaLaunchStats(backend_), at_), meter_.times - callsAt_});
        current_.clear();
    }
    std::vector<Row> rows;

private:
    const ts::Backend& backend_;
    const CallMeter& meter_;
    std::string current_;
    Clock::time_point start_;
    ts::CudaLaunchStats at_;
    CallTimes callsAt_;
};

void printCalls(const CallTime& t) { std::printf(" %6llu %8.1f", static_cast<unsigned long long>(t.calls), 1e3 * t.seconds); }

}  // namespace

int main(int argc, char** argv) {
    try {
        ts::RunFlags flags;
        if (argc > 2 && std::strcmp(argv[1], "--only") == 0) flags.only = argv[2];
        const auto started = Clock::now();
        std::unique_ptr<ts::Backend> backend = ts::makeCudaBackend(0);
        CallMeter meter(*backend);
        Profiler profiler(*backend, meter);
        ts::CancelToken cancel;
        ts::Topology topology;
        const ts::DiscoveryOutcome outcome =
            ts::runDiscoveryToOutcome(meter, ts::discoveryOptions(flags), profiler, cancel, topology, nullptr);
        profiler.close();
        std::printf("%-32s %8s %8s %6s %7s %6s %6s %6s %9s %9s %9s | %6s %8s %6s %8s %6s %8s %6s %8s\n", "benchmark", "wall ms",
                    "floor ms", "x", 
                    "chases", "inits", "flush", "bw", "chase ms", "kernel ms", "other ms", "sent", "sent ms", "chase",
                    "ms", "seq", "seq ms", "evict", "evict ms");
        double total = 0, kernels = 0, floors = 0;
        for (const Row& r : profiler.rows) {
            const auto& u = r.used;
            const double floor = r.calls.sentinel.floorSeconds + r.calls.chase.floorSeconds + r.calls.sequence.floorSeconds +
                                 r.calls.eviction.floorSeconds;
            floors += floor;
            std::printf("%-32s %8.1f %8.2f %6.0f %7llu %6llu %6llu %6llu %9.1f %9.1f %9.1f |", r.benchmark.c_str(), 1e3 * r.wallSeconds,
                        1e3 * floor, floor > 0 ? r.wallSeconds / floor : 0.0,
                        static_cast<unsigned long long>(u.chaseLaunches), static_cast<unsigned long long>(u.initLaunches),
                        static_cast<unsigned long long>(u.l2Flushes), static_cast<unsigned long long>(u.bandwidthLaunches),
                        1e3 * u.chaseWallSeconds, 1e3 * u.chaseKernelSeconds, 1e3 * (r.wallSeconds - u.chaseWallSeconds));
            printCalls(r.calls.sentinel);
            printCalls(r.calls.chase);
            printCalls(r.calls.sequence);
            printCalls(r.calls.eviction);
            std::printf("\n");
            total += r.wallSeconds;
            kernels += u.chaseKernelSeconds;
        }
        const CallTimes& t = meter.times;
        std::printf("calls: sentinels %llu (%.2f s), chases %llu (%.2f s), sequence chases %llu (%.2f s), eviction tests %llu (%.2f s)\n",
                    static_cast<unsigned long long>(t.sentinel.calls), t.sentinel.seconds,
                    static_cast<unsigned long long>(t.chase.calls), t.chase.seconds,
                    static_cast<unsigned long long>(t.sequence.calls), t.sequence.seconds,
                    static_cast<unsigned long long>(t.eviction.calls), t.eviction.seconds);

        std::printf("benchmarks %.2f s (chase kernels %.2f s, floor of their dependent loads %.3f s); process to here %.2f s; %s\n",
                    total, kernels, floors,
                    std::chrono::duration<double>(Clock::now() - started).count(), outcome.userMessage().c_str());
        return outcome.exitStatus();
    } catch (const std::exception& e) {
        std::fprintf(stderr, "toposcope-suite-profile: %s\n", e.what());
        return 1;
    }
}
