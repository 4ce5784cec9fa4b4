// docs/architecture.md's recipe for a backend wrapper, followed: `DeviceTimeMeter` below was
// written from its three steps alone (derive from ForwardingBackend, take the inner backend in the
// constructor, override only what it changes and pass each call on). It adds up the wall time of
// the calls that occupy the device, into a DeviceTime that outlives it; the run it wraps must report exactly what the plain run
// reports, and the calls it does not override must still reach the device.
#include <gtest/gtest.h>

#include <chrono>
#include <memory>

#include "backend/forwarding_backend.hpp"
#include "front_end_agreement.hpp"

using namespace ts;

namespace {

struct DeviceTime {
    std::chrono::nanoseconds total{0};
    int calls = 0;
};

class DeviceTimeMeter : public ForwardingBackend {
public:
    DeviceTimeMeter(std::unique_ptr<Backend> inner, DeviceTime& time) : ForwardingBackend(std::move(inner)), time_(time) {}

private:
    template <typename Call>
    auto timed(Call call) {
        const auto start = std::chrono::steady_clock::now();
        auto result = call();
        time_.total += std::chrono::steady_clock::now() - start;
        ++time_.calls;
        return result;
    }

    DeviceTime& time_;

public:
    ChaseResult chase(const ChaseRequest& request) override {
        return timed([&] { return ForwardingBackend::chase(request); });
    }
    std::vector<ChaseResult> chaseBatch(const std::vector<ChaseRequest>& requests) override {
        return timed([&] { return ForwardingBackend::chaseBatch(requests); });
    }
    BandwidthResult bandwidth(const BandwidthRequest& request) override {
        return timed([&] { return ForwardingBackend::bandwidth(request); });
    }
};

}  // namespace

TEST(WrapperRecipe, AWrapperWrittenFromTheRecipeChangesNothingItDoesNotOverride) {
    const std::string groups = "l1,memory,bandwidth";
    const nlohmann::json plain = test::reportAsWritten(test::simRun("h100", groups));
    DeviceTime time;  // outlives the wrapper, which the run deletes with its backend
    const Topology metered = test::simRun("h100", groups, [&](std::unique_ptr<Backend> sim) -> std::unique_ptr<Backend> {
        return std::make_unique<DeviceTimeMeter>(std::move(sim), time);
    });
    const auto differences = test::reportDifferences(plain, test::reportAsWritten(metered));
    EXPECT_TRUE(differences.empty()) << test::describeDifferences(differences);
    EXPECT_GT(time.calls, 10);
    EXPECT_GT(time.total.count(), 0);
    // The TLB walks and the timer go through calls the meter leaves alone: they still reached the
    // simulator, or the report would lack the walks' levels and the timer's overhead.
    EXPECT_NE(metered.find(Element::DeviceMemory, "tlbLevels"), nullptr);
    EXPECT_GT(metered.timerOverheadCycles, 0);
}
