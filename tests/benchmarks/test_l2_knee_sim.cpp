// The L2 size search on sampled rows (block warm-up, a fixed number of timed loads spread over the
// array) must find the knee wherever a profile puts it, from 1/8 of the API's L2 size to all of it:
// nothing in the search may be tuned to the two GPUs it was measured on. The simulated H100 keeps
// its TLBs (an L1 TLB reaching 32 MiB), so knees above that reach are covered too.
#include <gtest/gtest.h>

#include <cmath>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "benchmarks/discovery.hpp"
#include "sim/builtin_profiles.hpp"
#include "sim/sim_backend.hpp"
#include "simulated_runs.hpp"

namespace ts {
namespace {

// The built-in H100 with one L2 segment of `fraction` of the API's L2 size (rounded to whole sets
// of its ways; `ways` 0: fully associative).
SimProfile h100WithL2(double fraction, std::uint32_t ways) {
    SimProfile p = loadProfile("h100");
    for (SimCache& c : p.caches) {
        if (c.id != "l2") continue;
        c.segments = 1;
        c.ways = ways;
        const std::uint64_t unit = c.line * std::max<std::uint32_t>(1, ways);
        c.size = static_cast<std::uint64_t>(std::llround(fraction * static_cast<double>(p.api.l2Size) / unit)) * unit;
    }
    return p;
}

const SimCache& l2Of(const SimProfile& p) {
    for (const SimCache& c : p.caches)
        if (c.id == "l2") return c;
    throw std::runtime_error("no l2 in the profile");
}

// The profile's own 16-way hashed L2: the knee is found, and as no set count backs it, held to
// 0.5 (issue 34); a fully associative L2, whose knee is its capacity, is decided as surely as its
// index is (0.8: the knee is the capacity only where no hashed index moves it).
TEST(L2KneeSim, FoundWhereverTheProfilePutsIt) {
    for (const auto& [fraction, ways] : std::vector<std::pair<double, std::uint32_t>>{
             {0.125, 16}, {0.2, 16}, {0.37, 16}, {0.77, 16}, {1.0, 16}, {0.37, 0}, {1.0, 0}}) {
        const SimProfile profile = h100WithL2(fraction, ways);
        const double truth = static_cast<double>(l2Of(profile).size);
        Topology topology = test::simulate(profile, {"l2"});

        const std::string context = "L2 of " + std::to_string(fraction) + " x the API size (" +
                                    std::to_string(static_cast<std::uint64_t>(truth)) + " B, " + std::to_string(ways) + " ways)";
        const Attribute* size = topology.find(Element::L2, "size");
        ASSERT_NE(size, nullptr) << context;
        EXPECT_GE(size->confidence, ways == 0 ? 0.8 : 0.5) << context << ": " << size->reason;
        EXPECT_NEAR(size->value, truth, 0.01 * truth) << context << ": " << size->reason;

        // Sampled rows: each a fixed number of timed loads, whatever the array; a short search.
        const Series* rows = topology.findSeries("l2.size");
        ASSERT_NE(rows, nullptr) << context;
        EXPECT_LE(rows->rows.size(), 80u) << context;
        for (const SeriesRow& row : rows->rows) EXPECT_EQ(row.latencies.size(), 4096u) << context << " row " << row.x;
    }
}

}  // namespace
}  // namespace ts
