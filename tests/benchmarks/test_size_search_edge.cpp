// The size search's edge rule on a cache whose misses ramp up noisily past its size, as the
// H100's L2 does: near the edge a pass may sample no miss at all, and a size measured twice may
// fit once and miss once. The reported size must stay within 1 % of the true one.
#include <gtest/gtest.h>

#include "benchmarks/size_search.hpp"
#include "sim/builtin_profiles.hpp"
#include "sim/sim_backend.hpp"

namespace ts {
namespace {

constexpr std::uint32_t kHit = 280, kMiss = 540;

// Answers every chase from a scripted cache of `capacity` bytes: all hits up to it, then a miss
// share rising to 60 % over the next 6 %, where every other pass samples no miss at all.
class NoisyRampBackend : public SimBackend {
public:
    NoisyRampBackend(std::uint64_t capacity, std::uint64_t disturbedBytes)
        : SimBackend(loadProfile("h100")), capacity_(capacity), disturbedBytes_(disturbedBytes) {}

    ChaseResult chase(const ChaseRequest& r) override {
        ++calls_;
        const std::uint64_t bytes = r.arrayBytes + (r.second ? r.second->arrayBytes : 0);
        double missShare = 0;
        if (bytes > capacity_) {
            const double over = static_cast<double>(bytes - capacity_) / static_cast<double>(capacity_);
            missShare = std::min(0.6, 0.15 + over * 8);
            if (over < 0.06 && calls_ % 2 == 0) missShare = 0;  // a lucky pass inside the ramp
        }
        if (bytes == disturbedBytes_ && !disturbedOnce_) missShare = 0.5, disturbedOnce_ = true;
        ChaseResult result;
        result.ranOnUnit = r.unit < 0 ? 0 : r.unit;
        const auto every = static_cast<std::uint32_t>(1 / std::max(missShare, 1e-9));
        for (std::uint32_t i = 0; i < r.recordLoads; ++i)
            result.latencies.push_back(missShare > 0 && i % std::max(every, 1u) == 0 ? kMiss : kHit + i % 7);
        return result;
    }
    std::vector<ChaseResult> chaseBatch(const std::vector<ChaseRequest>& requests) override {
        std::vector<ChaseResult> results;
        for (const auto& r : requests) results.push_back(chase(r));
        return results;
    }

private:
    std::uint64_t capacity_;
    std::uint64_t disturbedBytes_;
    bool disturbedOnce_ = false;
    long calls_ = 0;
};

SizeSearchOutcome searchOn(NoisyRampBackend& backend) {
    Topology topology;
    topology.device = backend.queryDevice();
    Observer silent;
    CancelToken cancel;
    RunContext ctx(backend, topology, silent, cancel);
    SizeSearchSpec spec;
    spec.element = Element::L2;
    spec.seriesId = "l2.size";
    spec.title = "L2 Size";
    spec.space = Space::GlobalL2;
    spec.strideBytes = 128;
    spec.startBytes = 1ull << 20;
    spec.limitBytes = 256ull << 20;
    return searchSize(ctx, spec);
}

TEST(SizeSearchEdge, NoisyRampReportsTheSizeWithinOnePercent) {
    for (const std::uint64_t capacity : {23'654'400ull, 24'117'248ull, 6'000'128ull}) {
        NoisyRampBackend backend(capacity, 0);
        const SizeSearchOutcome outcome = searchOn(backend);
        ASSERT_TRUE(outcome.decided) << outcome.reason;
        EXPECT_NEAR(static_cast<double>(outcome.bytes), static_cast<double>(capacity), 0.01 * static_cast<double>(capacity))
            << outcome.reason;
    }
}

TEST(SizeSearchEdge, ALoneDisturbedRowBelowTheSizeIsNotItsEdge) {
    const std::uint64_t capacity = 23'654'400;
    NoisyRampBackend backend(capacity, 16ull << 20);  // the 16 MiB row of the search misses once
    const SizeSearchOutcome outcome = searchOn(backend);
    ASSERT_TRUE(outcome.decided) << outcome.reason;
    EXPECT_NEAR(static_cast<double>(outcome.bytes), static_cast<double>(capacity), 0.01 * static_cast<double>(capacity))
        << outcome.reason;
}

}  // namespace
}  // namespace ts
