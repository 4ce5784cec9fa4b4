// The calibration slice (issue 34): the whole suite on random simulated GPUs of both vendors whose
// caches are built as GPUs build them (tests/random_profile.hpp, set-associative, fixed seeds),
// every benchmark-sourced attribute judged against the profile's truth. None decided above 0.95
// may be wrong. The whole table, its bands and the share decided, over hundreds of GPUs is
// bench/calibration.cpp's (docs/calibration.md); this slice runs in the plain stage.
#include <gtest/gtest.h>

#include <cstdio>
#include <string>

#include "benchmarks/discovery.hpp"
#include "calibration_table.hpp"
#include "random_profile.hpp"
#include "sim/profile.hpp"
#include "sim/sim_backend.hpp"
#include "simulated_runs.hpp"

namespace ts {
namespace {

// Seeds the methods were never tuned on (the session slices of docs/calibration.md start at 1000).
constexpr unsigned kFirstSeed = 7000;
constexpr unsigned kGpusPerVendor = 5;

TEST(CalibrationSlice, NothingDecidedAbove095IsWrong) {
    test::CalibrationTable table;
    for (unsigned seed = kFirstSeed; seed < kFirstSeed + kGpusPerVendor; ++seed)
        for (const Vendor vendor : {Vendor::Nvidia, Vendor::Amd}) {
            const auto json = test::randomProfile(vendor, seed, test::RandomCaches::SetAssociative);
            const SimProfile profile = parseProfile(json.dump(), "random-" + std::to_string(seed));
            test::Groups groups = defaultGroups();  // and the roofline (issue 38), judged alike
            groups.insert("roofline");
            Topology topology = test::simulate(profile, groups);
            table.add(test::judgeAgainstTruth(profile, topology));
        }
    table.print(stdout);
    std::string wrongAbove;
    for (const auto& j : table.wrong())
        if (j.confidence > test::kConfidenceBands.back().lower)
            wrongAbove += "\n" + j.where + " " + j.name + ": " + j.got + " at " + std::to_string(j.confidence) +
                          ", truth " + j.expected + " (" + j.reason.substr(0, 240) + ")";
    EXPECT_TRUE(wrongAbove.empty()) << "decided above 0.95 and wrong:" << wrongAbove;
}

}  // namespace
}  // namespace ts
