// The shared-GPU guard's sentinel is paced by the benchmarks' own loads, not by their calls: many
// short calls do not bring it on, a few long ones do, and it costs a bounded share of the loads.
#include <gtest/gtest.h>

#include "backend/device_work.hpp"
#include "benchmarks/interference_guard.hpp"
#include "sim/profile.hpp"
#include "sim/sim_backend.hpp"

namespace ts {
namespace {

TEST(DeviceWork, CountsTheDependentLoadsARequestAsksFor) {
    ChaseRequest r;
    r.arrayBytes = 1 << 20;
    r.strideBytes = 64;
    r.warmupPasses = 2;
    r.recordLoads = 1000;
    r.recordEvery = 3;
    EXPECT_EQ(dependentLoads(r), 2u * 16384 + 3000);
    r.blockWarmup = true;  // a whole block reads the passes, many loads in flight
    EXPECT_EQ(dependentLoads(r), 2u * 16384 / kBlockReadParallelism + 3000);
    r.blockWarmup = false;
    r.warmupPasses = 0;
    r.second = SecondChaser{Space::Global, 1 << 16, 128, 3};
    EXPECT_EQ(dependentLoads(r), 3000u + 3 * 512);
    ChaseRequest shortRow = r;
    shortRow.second.reset();
    EXPECT_EQ(dependentLoads(std::vector<ChaseRequest>{shortRow, r}), 3000u + 3 * 512);  // side by side

    // An eviction test: the chosen lines one by one, the pool's prefix by a block.
    EvictionTest test;
    test.prefix = 100000;
    test.chosen = {128, 256};
    EXPECT_EQ(dependentLoads(test), 2u + 2 * 2 + 2 * 100000 / kBlockReadParallelism);
}

std::uint64_t samplesAfter(InterferenceGuard& guard, std::uint64_t calls, std::uint64_t loadsPerCall) {
    std::uint64_t samples = 0;
    const InterferenceGuard::Chase chase = [&](const ChaseRequest&) {
        ++samples;
        return std::vector<std::uint32_t>(64, 300);
    };
    for (std::uint64_t i = 0; i < calls; ++i) {
        guard.noteWork(loadsPerCall);
        if (guard.due()) guard.sample(chase);
    }
    return samples;
}

TEST(SentinelPacing, ManyShortCallsDoNotBringItOnAndLongOnesDo) {
    SimBackend backend(loadProfile("h100"));
    InterferenceGuard guard(backend, Vendor::Nvidia, 50ull << 20);
    ASSERT_TRUE(guard.active());
    // A block reads the warm-up pass over 1 MiB at 64 B; the 32768 timed loads are walked.
    EXPECT_EQ(dependentLoads(guard.reference()), 32768u + 16384u / kBlockReadParallelism);
    // Samples stay paced by the walked sentinel's loads: its warm-up pass walked, then the timed loads.
    const std::uint64_t sentinel = 16384u + 32768u;
    EXPECT_EQ(guard.loadsPerSample(), InterferenceGuard::kWorkPerSample * sentinel);

    // 1000 eviction tests of 30 loads: 30000 loads, less than one sentinel's.
    EXPECT_EQ(samplesAfter(guard, 1000, 30), 0u);
    // The same loads again in long chases: still paced by loads, whatever the calls.
    InterferenceGuard fresh(backend, Vendor::Nvidia, 50ull << 20);
    const std::uint64_t work = 100 * sentinel;
    const std::uint64_t samples = samplesAfter(fresh, 100, sentinel);
    EXPECT_EQ(samples, work / (InterferenceGuard::kWorkPerSample * sentinel));
    EXPECT_LE(double(samples * sentinel) / double(work), 1.0 / InterferenceGuard::kWorkPerSample);
}

}  // namespace
}  // namespace ts
