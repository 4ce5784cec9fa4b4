// runOnDevices: GPUs run concurrently, but no two bandwidth measurements overlap.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <thread>

#include "fleet/device_run.hpp"
#include "sim/profile_reader.hpp"
#include "sim/sim_backend.hpp"

using namespace ts;

namespace {

struct Concurrency {
    std::atomic<int> chases{0}, maxChases{0};
    std::atomic<int> bandwidths{0}, maxBandwidths{0};
    static void raise(std::atomic<int>& now, std::atomic<int>& max) {
        const int n = ++now;
        int seen = max.load();
        while (n > seen && !max.compare_exchange_weak(seen, n)) {
        }
    }
};

// The simulator, slowed down a little and watched: how many calls are in flight at once.
class WatchedSim : public SimBackend {
public:
    WatchedSim(SimProfile p, Concurrency& c) : SimBackend(std::move(p)), c_(c) {}
    ChaseResult chase(const ChaseRequest& r) override {
        Concurrency::raise(c_.chases, c_.maxChases);
        std::this_thread::sleep_for(std::chrono::microseconds(200));
        auto result = SimBackend::chase(r);
        --c_.chases;
        return result;
    }
    BandwidthResult bandwidth(const BandwidthRequest& r) override {
        Concurrency::raise(c_.bandwidths, c_.maxBandwidths);
        std::this_thread::sleep_for(std::chrono::microseconds(500));
        auto result = SimBackend::bandwidth(r);
        --c_.bandwidths;
        return result;
    }

private:
    Concurrency& c_;
};

}  // namespace

TEST(FleetDeviceRun, WorkersOverlapButBandwidthNeverDoes) {
    Concurrency c;
    std::vector<fleet::DeviceJob> jobs;
    for (int i = 0; i < 3; ++i)
        jobs.push_back({i, "sim " + std::to_string(i), [&c] { return std::make_unique<WatchedSim>(loadProfile("h100"), c); }});
    DiscoveryOptions options;
    options.groups = {"memory", "bandwidth"};
    Observer quiet;
    CancelToken cancel;
    const auto outcomes = fleet::runOnDevices(jobs, options, [&](std::size_t) -> Observer& { return quiet; }, cancel, "hostA", 5);
    ASSERT_EQ(outcomes.size(), 3u);
    for (const auto& o : outcomes) {
        EXPECT_TRUE(o.ok) << o.error;
        EXPECT_GT(o.gatedBandwidthCalls, 0u);
        EXPECT_EQ(o.member.host, "hostA");
        EXPECT_EQ(o.member.rank, 5);
        EXPECT_TRUE(o.member.uuidSynthetic);
        EXPECT_NE(o.member.report.find(Element::DeviceMemory, "readBandwidth"), nullptr);
    }
    EXPECT_NE(outcomes[0].member.uuid, outcomes[1].member.uuid);
    EXPECT_GT(c.maxChases.load(), 1) << "the GPUs did not run concurrently";
    EXPECT_EQ(c.maxBandwidths.load(), 1) << "two bandwidth measurements overlapped";
}

TEST(FleetDeviceRun, AGpuThatCannotOpenDoesNotStopTheOthers) {
    std::vector<fleet::DeviceJob> jobs{
        {0, "good", [] { return std::make_unique<SimBackend>(loadProfile("h100")); }},
        {1, "broken", []() -> std::unique_ptr<Backend> { throw BackendError("no such GPU"); }}};
    DiscoveryOptions options;
    options.groups = {"memory"};
    Observer quiet;
    CancelToken cancel;
    const auto outcomes = fleet::runOnDevices(jobs, options, [&](std::size_t) -> Observer& { return quiet; }, cancel, "h", 0);
    EXPECT_TRUE(outcomes[0].ok);
    EXPECT_FALSE(outcomes[1].ok);
    EXPECT_EQ(outcomes[1].error, "no such GPU");
    EXPECT_EQ(outcomes[1].member.deviceIndex, 1);
}
