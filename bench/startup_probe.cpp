// toposcope-startup-probe: where a process's fixed cost goes on a real GPU (issue 41: a run of one
// 20 ms benchmark takes 0.47 s of process wall time on the H200). Times each step the CLI takes
// before and after its first benchmark: the backend's creation (the CUDA context), the device and
// NVML queries, the timer overhead, a first and a second small chase, the activity check, and the
// backend's teardown. Usage: toposcope-startup-probe [device]
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <functional>

#include "chase_request.hpp"
#include "cuda/cuda_backend.hpp"

namespace {

using Clock = std::chrono::steady_clock;

double millisecondsOf(const std::function<void()>& step) {
    const auto start = Clock::now();
    step();
    return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

}  // namespace

int main(int argc, char** argv) {
    const auto processStart = Clock::now();
    try {
        const int device = argc > 1 ? std::atoi(argv[1]) : 0;
        std::unique_ptr<ts::Backend> backend;
        std::printf("%-34s %9.1f ms\n", "backend created (CUDA context)", millisecondsOf([&] { backend = ts::makeCudaBackend(device); }));
        ts::DeviceInfo info;
        std::printf("%-34s %9.1f ms\n", "queryDevice (API, NVML)", millisecondsOf([&] { info = backend->queryDevice(); }));
        std::printf("%-34s %9.1f ms\n", "measureTimerOverhead(64)", millisecondsOf([&] { backend->measureTimerOverhead(64); }));
        const ts::ChaseRequest small = ts::chaseRequest(ts::Space::Global, 16 * 1024, 64);
        std::printf("%-34s %9.1f ms\n", "first chase (16 KiB, 256 loads)", millisecondsOf([&] { backend->chase(small); }));
        std::printf("%-34s %9.1f ms\n", "second chase (the same)", millisecondsOf([&] { backend->chase(small); }));
        std::printf("%-34s %9.1f ms\n", "activity (NVML processes)", millisecondsOf([&] { backend->activity(); }));
        std::printf("%-34s %9.1f ms\n", "backend destroyed", millisecondsOf([&] { backend.reset(); }));
        std::printf("%-34s %9.1f ms  (%s)\n", "total in main",
                    std::chrono::duration<double, std::milli>(Clock::now() - processStart).count(), info.name.c_str());
    } catch (const std::exception& e) {
        std::fprintf(stderr, "toposcope-startup-probe: %s\n", e.what());
        return 1;
    }
    return 0;
}
