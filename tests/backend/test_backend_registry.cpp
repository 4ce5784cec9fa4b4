// Backends register themselves (backend/backend_registry.hpp); app/program_support picks among them.
#include <gtest/gtest.h>

#include <algorithm>

#include "backend/backend_registry.hpp"
#include "program_support/backend_factory.hpp"
#include "io/input_error.hpp"

namespace ts {
namespace {

std::vector<std::string> names() {
    std::vector<std::string> out;
    for (const BackendEntry* b : registeredBackends()) out.push_back(b->name);
    return out;
}

TEST(BackendRegistry, EveryCompiledBackendRegistersOnceInAutoOrder) {
    std::vector<std::string> expected;
#ifdef TOPOSCOPE_HAVE_CUDA
    expected.push_back("cuda");
#endif
#ifdef TOPOSCOPE_HAVE_HIP
    expected.push_back("hip");
#endif
    expected.push_back("sim");
    EXPECT_EQ(names(), expected);
    EXPECT_EQ(app::compiledBackends(), expected);
    for (const BackendEntry* b : registeredBackends()) {
        EXPECT_TRUE(b->open) << b->name;
        EXPECT_TRUE(b->deviceCount) << b->name;
        EXPECT_EQ(b->gpu, b->name != "sim");
    }
    EXPECT_EQ(findBackend("mpi"), nullptr);
}

TEST(BackendRegistry, SimulatorOpensThroughTheFactoryWithItsProfile) {
    std::vector<std::string> notes;
    const auto backend = app::makeBackend({"sim", 0, "mi210"}, notes);
    ASSERT_NE(backend, nullptr);
    EXPECT_NE(backend->queryDevice().name.find("MI210"), std::string::npos) << backend->queryDevice().name;
    EXPECT_THROW(app::makeBackend({"sim", 0, "no-such-profile"}, notes), InputError);
}

TEST(BackendRegistry, ABackendNotBuiltInIsABackendErrorThatSaysSo) {
    std::vector<std::string> notes;
    try {
        app::makeBackend({"opencl", 0, ""}, notes);
        FAIL() << "no error";
    } catch (const BackendError& e) {
        EXPECT_NE(std::string(e.what()).find("this build has no backend named 'opencl'"), std::string::npos) << e.what();
    }
}

}  // namespace
}  // namespace ts
