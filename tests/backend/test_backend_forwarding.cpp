// Every Backend wrapper passes every call on: a stand-in device logs the calls that reach it,
// and each wrapper is called once with every Backend call.
#include <gtest/gtest.h>

#include <mutex>

#include "backend/device_backend.hpp"
#include "backend/eviction_test.hpp"
#include "backend/fault_injection.hpp"
#include "backend/forwarding_backend.hpp"
#include "fleet/bandwidth_gate.hpp"

using namespace ts;

namespace {

// Answers every call with something the caller can recognise and logs its name.
class LoggingDevice : public DeviceBackend {
public:
    std::vector<std::string>& log;
    explicit LoggingDevice(std::vector<std::string>& calls) : log(calls) {}

    std::string kind() const override { return note("kind"), "sim"; }
    DeviceInfo queryDevice() override {
        note("queryDevice");
        DeviceInfo info;
        info.name = "logging device";
        return info;
    }
    bool supports(Space) const override { return note("supports"), true; }
    std::uint64_t maxArrayBytes(Space) const override { return note("maxArrayBytes"), 1u << 20; }
    std::vector<std::uint32_t> measureTimerOverhead(int samples) override {
        note("measureTimerOverhead");
        return std::vector<std::uint32_t>(static_cast<std::size_t>(samples), 7);
    }
    ChaseResult chase(const ChaseRequest&) override { return note("chase"), ChaseResult{{11}}; }
    std::vector<ChaseResult> chaseBatch(const std::vector<ChaseRequest>& requests) override {
        note("chaseBatch");
        return std::vector<ChaseResult>(requests.size(), ChaseResult{{12}});
    }
    BandwidthResult bandwidth(const BandwidthRequest&) override {
        note("bandwidth");
        BandwidthResult r;
        r.gibPerSecond = 13;
        return r;
    }
    ChaseResult chaseSequence(const SequenceChase&) override { return note("chaseSequence"), ChaseResult{{14}}; }
    TranslationWalkSpace translationWalkSpace(Space) override { return note("translationWalkSpace"), TranslationWalkSpace{16, 0}; }
    std::uint32_t evictionTest(const EvictionTest&) override { return note("evictionTest"), 17; }
    std::uint64_t maxEvictionSearchLines() const override { return note("maxEvictionSearchLines"), 18; }
    void releaseSequenceMemory() override { note("releaseSequenceMemory"); }
    GpuActivity activity() override {
        note("activity");
        GpuActivity a;
        a.known = true;
        return a;
    }
    void pause(std::chrono::milliseconds) override { note("pause"); }

private:
    void note(const char* call) const { log.push_back(call); }
};

// Makes every Backend call once through `b` and checks the answers came from the device.
void callEverything(Backend& b) {
    EXPECT_EQ(b.kind(), "sim");
    EXPECT_EQ(b.queryDevice().name, "logging device");
    EXPECT_TRUE(b.supports(Space::Global));
    EXPECT_EQ(b.maxArrayBytes(Space::Global), 1u << 20);
    EXPECT_EQ(b.measureTimerOverhead(3).size(), 3u);
    EXPECT_EQ(b.chase({}).latencies.front(), 11u);
    EXPECT_EQ(b.chaseBatch({ChaseRequest{}, ChaseRequest{}}).size(), 2u);
    EXPECT_EQ(b.bandwidth({}).gibPerSecond, 13);
    EXPECT_EQ(b.chaseSequence({}).latencies.front(), 14u);
    EXPECT_EQ(b.translationWalkSpace(Space::Global).maxBytes, 16u);
    EXPECT_EQ(b.evictionTest({}), 17u);
    EXPECT_EQ(b.maxEvictionSearchLines(), 18u);
    b.releaseSequenceMemory();
    EXPECT_TRUE(b.activity().known);
    b.pause(std::chrono::milliseconds(1));
}

const std::vector<std::string> kEveryCall{"kind",          "queryDevice",          "supports",
                                          "maxArrayBytes", "measureTimerOverhead", "chase",
                                          "chaseBatch",    "bandwidth",            "chaseSequence",
                                          "translationWalkSpace", "evictionTest",
                                          "maxEvictionSearchLines", "releaseSequenceMemory", "activity",
                                          "pause"};

std::set<std::string> reached(const std::vector<std::string>& log) { return {log.begin(), log.end()}; }

}  // namespace

TEST(BackendForwarding, TheDeviceItselfAnswersEveryCall) {
    std::vector<std::string> log;
    LoggingDevice device(log);
    callEverything(device);
    EXPECT_EQ(reached(log), std::set<std::string>(kEveryCall.begin(), kEveryCall.end()));
}

TEST(BackendForwarding, TheForwardingBasePassesEveryCallOn) {
    std::vector<std::string> log;
    ForwardingBackend wrapper(std::make_unique<LoggingDevice>(log));
    callEverything(wrapper);
    EXPECT_EQ(reached(log), std::set<std::string>(kEveryCall.begin(), kEveryCall.end()));
}

TEST(BackendForwarding, TheFleetsBandwidthGatePassesEveryCallOn) {
    std::vector<std::string> log;
    std::mutex gate;
    fleet::GatedBackend wrapper(std::make_unique<LoggingDevice>(log), gate);
    callEverything(wrapper);
    EXPECT_EQ(reached(log), std::set<std::string>(kEveryCall.begin(), kEveryCall.end()));
}

TEST(BackendForwarding, FaultInjectionWithNothingArmedPassesEveryCallOn) {
    std::vector<std::string> log;
    LoggingDevice device(log);
    FaultInjectingBackend wrapper(device, {});
    callEverything(wrapper);
    EXPECT_EQ(reached(log), std::set<std::string>(kEveryCall.begin(), kEveryCall.end()));
}
