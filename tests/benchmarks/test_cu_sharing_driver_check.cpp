// The measured sL1d groups are compared with the driver's (KFD) groups when the backend knows them.
#include <gtest/gtest.h>

#include "benchmarks/discovery.hpp"
#include "sim/sim_backend.hpp"
#include "simulated_runs.hpp"

using namespace ts;

namespace {

// A simulated MI210 whose "driver" reports the given sL1d groups, as the HIP backend does from KFD.
class BackendWithDriverGroups : public SimBackend {
public:
    BackendWithDriverGroups(SimProfile p, std::vector<std::vector<int>> groups)
        : SimBackend(std::move(p)), groups_(std::move(groups)) {}
    DeviceInfo queryDevice() override {
        DeviceInfo d = SimBackend::queryDevice();
        d.driverScalarCacheGroups = groups_;
        return d;
    }

private:
    std::vector<std::vector<int>> groups_;
};

std::vector<std::vector<int>> truthGroups(const SimProfile& p) {
    for (const auto& c : p.caches)
        if (c.scope == CacheScope::CuGroup) return c.groups;
    return {};
}

Topology run(Backend& backend) { return test::discoverOn(backend, {"scalar", "sharing"}); }

}  // namespace

TEST(CuSharingDriverCheck, AgreesWithTheDriversOwnGroups) {
    const SimProfile p = loadProfile("mi210");
    BackendWithDriverGroups backend(p, truthGroups(p));
    const Topology t = run(backend);
    const Attribute* a = t.find(Element::SL1D, "driverAgreement");
    ASSERT_NE(a, nullptr);
    EXPECT_EQ(a->value, 1);
}

TEST(CuSharingDriverCheck, ReportsEveryDisagreement) {
    const SimProfile p = loadProfile("mi210");
    auto groups = truthGroups(p);
    ASSERT_GE(groups.size(), 2u);
    // The driver claims the first two groups are one.
    groups[0].insert(groups[0].end(), groups[1].begin(), groups[1].end());
    groups.erase(groups.begin() + 1);
    BackendWithDriverGroups backend(p, groups);
    const Topology t = run(backend);
    const Attribute* a = t.find(Element::SL1D, "driverAgreement");
    ASSERT_NE(a, nullptr);
    EXPECT_EQ(a->value, 0);
    bool warned = false;
    for (const auto& w : t.warnings) warned = warned || w.find("KFD") != std::string::npos;
    EXPECT_TRUE(warned);
}

TEST(CuSharingDriverCheck, NoDriverGroupsNoCheck) {
    SimBackend backend(loadProfile("mi210"));
    const Topology t = run(backend);
    EXPECT_EQ(t.find(Element::SL1D, "driverAgreement"), nullptr);
}
