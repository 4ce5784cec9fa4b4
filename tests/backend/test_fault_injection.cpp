// The fault-injecting backend on its own: the spec grammar, and that each fault does to the
// calls exactly what docs/faults.md says, with the CUDA backend's texts.
#include <gtest/gtest.h>

#include <algorithm>
#include <functional>

#include "backend/fault_injection.hpp"
#include "analysis/robust.hpp"
#include "sim/profile.hpp"
#include "sim/sim_backend.hpp"
#include "sim_test_profiles.hpp"

using namespace ts;

namespace {

SimProfile testGpu() { return test::parseTestProfile(test::nvidiaTestProfile()); }  // L2 64 KiB

ChaseRequest chaseIn(Space space, std::uint64_t bytes) {
    ChaseRequest r;
    r.space = space;
    r.arrayBytes = bytes;
    r.strideBytes = 64;
    r.recordLoads = 64;
    return r;
}

BandwidthRequest readOf(std::uint64_t bytes) { return {BandwidthTarget::DeviceMemory, BandwidthOp::Read, bytes, 4, 256, 1}; }

std::string messageOf(const std::function<void()>& call, bool* lost = nullptr) {
    try {
        call();
    } catch (const BackendError& e) {
        if (lost) *lost = e.deviceLost();
        return e.what();
    }
    return "";
}

}  // namespace

TEST(FaultSpec, ParsesEveryKind) {
    const auto f = parseFaultSpec("oom@l2,oom@64MiB,fault@l2#3,lost,timeout@texture,interference@any#40-90:2,interference@l1,no-gpu");
    ASSERT_EQ(f.size(), 8u);
    EXPECT_EQ(f[0].kind, FaultKind::OutOfMemory);
    EXPECT_TRUE(f[0].sizeIsL2);
    EXPECT_EQ(f[1].minBytes, 64u << 20);
    EXPECT_EQ(f[2].kind, FaultKind::KernelFault);
    EXPECT_EQ(f[2].calls.group, "l2");
    EXPECT_EQ(f[2].calls.first, 3u);
    EXPECT_EQ(f[2].calls.last, 3u);
    EXPECT_EQ(f[3].kind, FaultKind::DeviceLost);
    EXPECT_EQ(f[3].calls.group, "any");
    EXPECT_EQ(f[3].calls.last, 1u);  // a fault hits the first selected call only
    EXPECT_EQ(f[4].kind, FaultKind::Timeout);
    EXPECT_EQ(f[5].kind, FaultKind::Interference);
    EXPECT_EQ(f[5].calls.first, 40u);
    EXPECT_EQ(f[5].calls.last, 90u);
    EXPECT_DOUBLE_EQ(f[5].factor, 2.0);
    EXPECT_GT(f[6].calls.last, 1000000u);  // interference without a window: every selected call
    EXPECT_EQ(f[7].kind, FaultKind::NoGpu);
    EXPECT_EQ(f[5].text, "interference@any#40-90:2");
}

TEST(FaultSpec, RejectsBadSpecsNamingThePart) {
    for (const std::string bad : {"", ",", "melt", "oom@", "oom@12XB", "oom@0", "fault@l9", "fault@l2#0", "fault@l2#x",
                                  "interference@any#9-3", "fault@l2:2", "interference@any:1", "interference@any:abc",
                                  "no-gpu@l2"}) {
        try {
            parseFaultSpec(bad);
            ADD_FAILURE() << "accepted '" << bad << "'";
        } catch (const FaultSpecError& e) {
            const std::string what = e.what();
            EXPECT_NE(what.find("--inject-fault"), std::string::npos) << what;
            if (bad.size() > 1) EXPECT_NE(what.find(bad), std::string::npos) << what;
        }
    }
}

TEST(FaultInjection, OutOfMemoryFailsOnlyAllocationsOfTheL2SizeOrMore) {
    SimBackend sim(testGpu());
    FaultInjectingBackend backend(sim, parseFaultSpec("oom@l2"));
    EXPECT_NO_THROW(backend.chase(chaseIn(Space::GlobalL2, 32 << 10)));
    bool lost = true;
    const std::string text = messageOf([&] { backend.chase(chaseIn(Space::GlobalL2, 64 << 10)); }, &lost);
    EXPECT_NE(text.find("out of device memory allocating 65536 bytes (64 KiB)"), std::string::npos) << text;
    EXPECT_NE(text.find("[injected]"), std::string::npos) << text;
    EXPECT_FALSE(lost);
    EXPECT_NE(messageOf([&] { backend.bandwidth(readOf(1 << 20)); }).find("out of device memory"), std::string::npos);
    EXPECT_NO_THROW(backend.bandwidth(readOf(16 << 10)));
    EXPECT_NO_THROW(backend.chase(chaseIn(Space::Global, 4096)));  // the device still works
}

TEST(FaultInjection, KernelFaultHitsOnlyTheSelectedCallOfItsGroup) {
    SimBackend sim(testGpu());
    FaultInjectingBackend backend(sim, parseFaultSpec("fault@l2#2"));
    EXPECT_NO_THROW(backend.chase(chaseIn(Space::GlobalL2, 4096)));
    EXPECT_NO_THROW(backend.chase(chaseIn(Space::Global, 4096)));  // another group: not counted
    bool lost = true;
    const std::string text = messageOf([&] { backend.chase(chaseIn(Space::GlobalL2, 4096)); }, &lost);
    EXPECT_NE(text.find("cudaErrorIllegalAddress"), std::string::npos) << text;
    EXPECT_FALSE(lost);
    EXPECT_NO_THROW(backend.chase(chaseIn(Space::GlobalL2, 4096)));
    EXPECT_FALSE(backend.deviceLost());
}

TEST(FaultInjection, LostDeviceFailsEveryLaterCall) {
    SimBackend sim(testGpu());
    FaultInjectingBackend backend(sim, parseFaultSpec("lost@shared"));
    EXPECT_NO_THROW(backend.chase(chaseIn(Space::Global, 4096)));
    bool lost = false;
    EXPECT_NE(messageOf([&] { backend.chase(chaseIn(Space::Shared, 4096)); }, &lost).find("illegal memory access"),
              std::string::npos);
    EXPECT_TRUE(lost);
    EXPECT_TRUE(backend.deviceLost());
    const std::vector<std::function<void()>> later{
        [&] { backend.chase(chaseIn(Space::Global, 4096)); },
        [&] { backend.chaseBatch({chaseIn(Space::Global, 4096)}); },
        [&] { backend.bandwidth(readOf(16 << 10)); },
        [&] { backend.measureTimerOverhead(8); },
    };
    for (const auto& call : later) {
        lost = false;
        EXPECT_NE(messageOf(call, &lost).find("unusable after an earlier failure"), std::string::npos);
        EXPECT_TRUE(lost);
    }
}

TEST(FaultInjection, TimeoutThrowsTheWatchdogTextAndLosesTheDevice) {
    SimBackend sim(testGpu());
    FaultInjectingBackend backend(sim, parseFaultSpec("timeout@texture"));
    bool lost = false;
    const std::string text = messageOf([&] { backend.chase(chaseIn(Space::Texture, 4096)); }, &lost);
    EXPECT_NE(text.find("did not finish within"), std::string::npos) << text;
    EXPECT_TRUE(lost);
    EXPECT_TRUE(backend.deviceLost());
}

TEST(FaultInjection, AFaultInOneChaseOfABatchFailsTheBatch) {
    SimBackend sim(testGpu());
    FaultInjectingBackend backend(sim, parseFaultSpec("fault@l1#2"));
    std::vector<ChaseRequest> batch(3, chaseIn(Space::Global, 4096));
    for (int i = 0; i < 3; ++i) batch[static_cast<std::size_t>(i)].unit = i;
    EXPECT_NE(messageOf([&] { backend.chaseBatch(batch); }).find("cudaErrorIllegalAddress"), std::string::npos);
    EXPECT_EQ(backend.chaseBatch(batch).size(), 3u);
}

TEST(FaultInjection, InterferenceSlowsTheCallsOfItsWindowOnly) {
    SimBackend plain(testGpu());
    SimBackend sim(testGpu());
    FaultInjectingBackend backend(sim, parseFaultSpec("interference@any#2-3:2"));
    for (int call = 1; call <= 4; ++call) {
        const ChaseRequest r = chaseIn(Space::GlobalL2, 8192);
        const auto quiet = plain.chase(r).latencies;  // the same call sequence, undisturbed
        const auto got = backend.chase(r).latencies;
        if (call == 1 || call == 4) {
            EXPECT_EQ(got, quiet) << "call " << call;
        } else {
            EXPECT_NEAR(median(got), 2 * median(quiet), 0.15 * median(quiet)) << "call " << call;
        }
    }
    const double quietGibs = plain.bandwidth(readOf(1 << 20)).gibPerSecond;
    const double gibs = backend.bandwidth(readOf(1 << 20)).gibPerSecond;  // call 5: outside the window
    EXPECT_NEAR(gibs, quietGibs, 0.05 * quietGibs);
    FaultInjectingBackend slow(sim, parseFaultSpec("interference@bandwidth:4"));
    EXPECT_LT(slow.bandwidth(readOf(1 << 20)).gibPerSecond, 0.3 * quietGibs);
}

TEST(FaultInjection, CreationFaultsThrowTheCudaBackendsTexts) {
    SimBackend sim(testGpu());
    EXPECT_NE(messageOf([&] { FaultInjectingBackend b(sim, parseFaultSpec("no-gpu")); }).find("no CUDA-capable GPU found"),
              std::string::npos);
    EXPECT_NE(messageOf([&] { FaultInjectingBackend b(sim, parseFaultSpec("old-driver")); }).find("driver is too old"),
              std::string::npos);
}

TEST(FaultInjection, TheDeviceNamesItsInjectedFaults) {
    SimBackend sim(testGpu());
    FaultInjectingBackend backend(sim, parseFaultSpec("oom@l2,fault@l1#4"));
    const DeviceInfo info = backend.queryDevice();
    EXPECT_EQ(info.name, sim.queryDevice().name);
    EXPECT_EQ(info.extra.at("injectedFaults"), "oom@l2,fault@l1#4");
}
