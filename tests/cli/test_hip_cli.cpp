// `toposcope-cli --backend hip` on a machine without an AMD GPU (CI): a clean error, no crash,
// whether or not this build has the HIP backend; auto detection still falls back to the simulator.
#include <gtest/gtest.h>

#include "cli_runner.hpp"

using ts::test::runCli;

TEST(HipCli, NoAmdGpuIsAReadableError) {
    const auto r = runCli("--backend hip --only scalar --quiet --json -");
    EXPECT_EQ(r.exitCode, 1) << r.output;
    EXPECT_NE(r.output.find("error:"), std::string::npos) << r.output;
    const bool noBackend = r.output.find("no HIP backend") != std::string::npos;
    const bool noDevice = r.output.find("HIP device(s) present") != std::string::npos;
    EXPECT_TRUE(noBackend || noDevice) << r.output;
}

TEST(HipCli, AutoFallsBackToTheSimulator) {
    const auto r = runCli("--only shared --quiet --json -");
    EXPECT_EQ(r.exitCode, 0) << r.output;
    EXPECT_NE(r.output.find("auto: no GPU found"), std::string::npos) << r.output;
}
