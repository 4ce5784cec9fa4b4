#include <gtest/gtest.h>

#include <cmath>
#include <optional>
#include <set>

#include "sim/profile.hpp"
#include "sim/sim_backend.hpp"
#include "sim_test_profiles.hpp"

using namespace ts;

namespace {

SimProfile quiet(SimProfile p) {
    p.noise.jitter = 0;
    p.noise.outlierRate = 0;
    return p;
}

ChaseRequest request(Space space, std::uint64_t bytes, std::uint32_t stride, std::uint32_t warmup = 1,
                     std::uint32_t record = 32, int unit = 0) {
    ChaseRequest r;
    r.space = space;
    r.arrayBytes = bytes;
    r.strideBytes = stride;
    r.warmupPasses = warmup;
    r.recordLoads = record;
    r.unit = unit;
    return r;
}

// The one latency every timed load saw; fails the test if they differ.
std::uint32_t uniform(const ChaseResult& result) {
    const std::set<std::uint32_t> values(result.latencies.begin(), result.latencies.end());
    EXPECT_EQ(values.size(), 1u) << "latencies are not uniform";
    return values.empty() ? 0 : *values.begin();
}

std::uint32_t chaseLatency(SimBackend& b, const ChaseRequest& r) { return uniform(b.chase(r)); }

ChaseRequest withSecond(ChaseRequest r, SecondChaser s) {
    r.second = s;
    return r;
}

}  // namespace

TEST(SimBackend, HitsUpToCapacityAndMissesOneLineBeyond) {
    SimBackend b(test::parseTestProfile(test::nvidiaTestProfile()));
    EXPECT_EQ(chaseLatency(b, request(Space::Global, 4096, 128)), 40u);
    EXPECT_EQ(chaseLatency(b, request(Space::Global, 4096 + 128, 128)), 200u);   // L1 miss, L2 hit
    EXPECT_EQ(chaseLatency(b, request(Space::GlobalL2, 4096, 128)), 200u);       // bypasses L1
    EXPECT_EQ(chaseLatency(b, request(Space::ReadOnly, 2048, 128)), 35u);
    EXPECT_EQ(chaseLatency(b, request(Space::ReadOnly, 2048 + 128, 128)), 200u);
}

// Its caches made fully associative: the built-in ones are set-associative, whose contiguous
// knees are no line-exact edges.
TEST(SimBackend, H100SizesAreExactToTheLine) {
    SimProfile profile = quiet(loadProfile("h100"));
    for (SimCache& cache : profile.caches) cache.ways = 0;
    SimBackend b(profile);
    EXPECT_EQ(chaseLatency(b, request(Space::Global, 246784, 128)), 38u);
    EXPECT_EQ(chaseLatency(b, request(Space::Global, 246784 + 128, 128)), 220u);
    EXPECT_EQ(chaseLatency(b, request(Space::Constant, 2048, 64)), 20u);
    EXPECT_EQ(chaseLatency(b, request(Space::Constant, 2048 + 64, 64)), 105u);
    EXPECT_EQ(chaseLatency(b, request(Space::GlobalL2, 26214400, 128, 1, 64)), 220u);  // one 25 MiB segment
    EXPECT_EQ(chaseLatency(b, request(Space::GlobalL2, 26214400 + 128, 128, 1, 64)), 840u);
}

TEST(SimBackend, AMissFillsOnlyOneSector) {
    SimBackend b(test::parseTestProfile(test::nvidiaTestProfile()));
    // Stride 8 in 32 B sectors: each sector misses once, then three hits.
    const auto r = b.chase(request(Space::Global, 4096, 8, 0, 16));
    for (std::size_t i = 0; i < r.latencies.size(); ++i) EXPECT_EQ(r.latencies[i], i % 4 == 0 ? 500u : 40u) << i;
    // Stride 64: two loads per 128 B line, each in its own sector, so the second misses too.
    EXPECT_EQ(chaseLatency(b, request(Space::Global, 4096, 64, 0, 16)), 500u);
    // Once both sectors are in, they hit.
    EXPECT_EQ(chaseLatency(b, request(Space::Global, 4096, 64, 1, 16)), 40u);
}

TEST(SimBackend, EveryChaseStartsCold) {
    SimBackend b(test::parseTestProfile(test::nvidiaTestProfile()));
    EXPECT_EQ(chaseLatency(b, request(Space::Global, 4096, 128, 1)), 40u);
    EXPECT_EQ(chaseLatency(b, request(Space::Global, 4096, 128, 0)), 500u);
}

TEST(SimBackend, SharedSpacesEvictEachOtherSeparateOnesDoNot) {
    SimBackend b(test::parseTestProfile(test::nvidiaTestProfile()));
    const auto main = request(Space::Global, 4096, 128);
    auto second = [](Space s, std::uint64_t bytes) {
        return SecondChaser{.space = s, .arrayBytes = bytes, .strideBytes = 128};
    };
    EXPECT_EQ(chaseLatency(b, withSecond(main, second(Space::Texture, 4096))), 200u);   // same l1 entry
    EXPECT_EQ(chaseLatency(b, withSecond(main, second(Space::ReadOnly, 2048))), 40u);   // own entry
    EXPECT_EQ(chaseLatency(b, withSecond(main, second(Space::Constant, 1024))), 40u);
    EXPECT_EQ(chaseLatency(b, withSecond(main, second(Space::Global, 2048))), 200u);    // half evicted, LRU cycle
}

TEST(SimBackend, PerSmCopiesServeDifferentWarps) {
    auto j = test::nvidiaTestProfile();
    j["caches"][0]["per_sm"] = 2;
    SimBackend b(test::parseTestProfile(j));
    const auto main = request(Space::Global, 4096, 128);
    auto inWarp = [](int warp) {
        return SecondChaser{.space = Space::Global, .arrayBytes = 4096, .strideBytes = 128,
                            .placement = Placement::OtherWarp, .warp = warp};
    };
    EXPECT_EQ(chaseLatency(b, withSecond(main, inWarp(1))), 40u);   // copy 1
    EXPECT_EQ(chaseLatency(b, withSecond(main, inWarp(2))), 200u);  // copy 0, like warp 0
    auto onUnit = SecondChaser{.space = Space::Global, .arrayBytes = 4096, .strideBytes = 128,
                               .placement = Placement::OtherUnit, .unit = 1};
    const auto r = b.chase(withSecond(main, onUnit));
    EXPECT_EQ(uniform(r), 40u);
    EXPECT_EQ(r.ranOnUnit, 0);
    EXPECT_EQ(r.secondRanOnUnit, 1);
}

TEST(SimBackend, CuGroupsShareTheScalarCache) {
    SimBackend b(test::parseTestProfile(test::amdTestProfile()));
    const auto main = request(Space::Scalar, 1024, 64, 1, 16);  // one pass: 16 loads
    EXPECT_EQ(chaseLatency(b, main), 45u);
    auto onUnit = [](int unit) {
        return SecondChaser{.space = Space::Scalar, .arrayBytes = 1024, .strideBytes = 64,
                            .placement = Placement::OtherUnit, .unit = unit};
    };
    const auto sharing = b.chase(withSecond(main, onUnit(1)));  // CU 1 shares with CU 0
    EXPECT_EQ(uniform(sharing), 250u);                            // evicted from sL1d, found in the XCD's L2
    EXPECT_EQ(sharing.secondRanOnUnit, 1);
    const auto alone = b.chase(withSecond(main, onUnit(3)));     // logical 3 = physical CU 4
    EXPECT_EQ(uniform(alone), 45u);
    EXPECT_EQ(alone.secondRanOnUnit, 4);
    EXPECT_EQ(b.chase(request(Space::Scalar, 1024, 64, 1, 4, 3)).ranOnUnit, 4);
}

TEST(SimBackend, XcdCachesAreSharedWithinOneXcdOnly) {
    SimBackend b(test::parseTestProfile(test::amdTestProfile()));
    const auto main = request(Space::VectorL2, 8192, 128);
    EXPECT_EQ(chaseLatency(b, main), 250u);
    auto onUnit = [](int unit) {
        return SecondChaser{.space = Space::VectorL2, .arrayBytes = 16384, .strideBytes = 128,
                            .placement = Placement::OtherUnit, .unit = unit};
    };
    EXPECT_EQ(chaseLatency(b, withSecond(main, onUnit(1))), 400u);  // same XCD: evicted to the L3
    EXPECT_EQ(chaseLatency(b, withSecond(main, onUnit(2))), 250u);  // other XCD
    EXPECT_EQ(chaseLatency(b, request(Space::Vector, 2048, 64)), 100u);
    EXPECT_EQ(chaseLatency(b, request(Space::Vector, 2048 + 64, 64)), 250u);
}

TEST(SimBackend, SegmentsHaveNearAndFarLatencyAndHalfTheSize) {
    SimBackend b(test::parseTestProfile(test::nvidiaTestProfile()));
    EXPECT_EQ(chaseLatency(b, request(Space::GlobalL2, 32768, 128)), 200u);
    EXPECT_EQ(chaseLatency(b, request(Space::GlobalL2, 32768 + 128, 128)), 500u);
    // Unit 2's near segment is the other one: what it brought in, unit 0 finds far away.
    auto main = request(Space::GlobalL2, 8192, 128, 0, 32, 0);
    const auto fromUnit = [](int unit) {
        return SecondChaser{.space = Space::GlobalL2, .strideBytes = 128, .placement = Placement::OtherUnit,
                            .unit = unit, .sameArray = true};
    };
    EXPECT_EQ(chaseLatency(b, withSecond(main, fromUnit(2))), 400u);
    EXPECT_EQ(chaseLatency(b, withSecond(main, fromUnit(1))), 200u);  // unit 1 shares unit 0's segment
    main.space = Space::Global;  // through the (cold) L1 of unit 0
    EXPECT_EQ(chaseLatency(b, withSecond(main, fromUnit(3))), 400u);
}

// SecondChaser::blockRead reads the same lines from the same unit as the walk, so the reader
// finds the same cache afterwards: far hits where the other unit's segment kept the lines,
// misses where it did not (40 KiB over a 32 KiB segment).
TEST(SimBackend, BlockReadSecondFillsTheCacheLikeItsWalk) {
    auto main = request(Space::GlobalL2, 40960, 128, 0, 320, 0);
    main.recordEvery = 1;
    for (std::uint32_t passes : {1u, 2u}) {
        SecondChaser walk{.space = Space::GlobalL2, .strideBytes = 128, .passes = passes,
                          .placement = Placement::OtherUnit, .unit = 2, .sameArray = true};
        SecondChaser block = walk;
        block.blockRead = true;
        SimBackend a(test::parseTestProfile(test::nvidiaTestProfile())), b(test::parseTestProfile(test::nvidiaTestProfile()));
        const ChaseResult walked = a.chase(withSecond(main, walk));
        const ChaseResult read = b.chase(withSecond(main, block));
        EXPECT_EQ(read.latencies, walked.latencies) << passes << " passes";
        EXPECT_EQ(read.secondRanOnUnit, walked.secondRanOnUnit);
        const std::set<std::uint32_t> levels(read.latencies.begin(), read.latencies.end());
        EXPECT_TRUE(levels.count(400u)) << "no far hit: the fill left nothing";
        EXPECT_GT(levels.size(), 1u) << "no miss: the array fits the segment, the fill order cannot show";
    }
    // Beside a block warm-up and a spread permutation of the reader (the L2 partitions rows).
    auto sampled = main;
    sampled.warmupPasses = 1;
    sampled.blockWarmup = true;
    sampled.recordLoads = 64;
    sampled.permutationStepBytes = 7 * 128;  // co-prime with the 320 lines
    SecondChaser block{.space = Space::GlobalL2, .strideBytes = 128, .placement = Placement::OtherUnit, .unit = 2,
                       .sameArray = true, .blockRead = true};
    SimBackend c(test::parseTestProfile(test::nvidiaTestProfile()));
    EXPECT_NO_THROW(c.chase(withSecond(sampled, block)));
    // A block read needs another unit's block and a global space.
    block.placement = Placement::OtherWarp;
    EXPECT_THROW(c.chase(withSecond(main, block)), BackendError);
    block.placement = Placement::SameThread;
    EXPECT_THROW(c.chase(withSecond(main, block)), BackendError);
    block.placement = Placement::OtherUnit;
    block.space = Space::Texture;
    EXPECT_THROW(c.chase(withSecond(main, block)), BackendError);
}

TEST(SimBackend, SameSeedSameSeries) {
    auto j = test::nvidiaTestProfile();
    j["noise"] = {{"jitter", 5}, {"outlier_rate", 0.05}, {"outlier_extra", 300}, {"seed", 42}};
    const auto r = request(Space::Global, 8192, 128, 1, 512);
    SimBackend a(test::parseTestProfile(j)), c(test::parseTestProfile(j));
    const auto first = a.chase(r).latencies;
    EXPECT_EQ(first, c.chase(r).latencies);
    EXPECT_EQ(a.chase(r).latencies, c.chase(r).latencies);
    EXPECT_NE(first, a.chase(r).latencies);  // the next call draws new noise
    j["noise"]["seed"] = 43;
    SimBackend d(test::parseTestProfile(j));
    EXPECT_NE(first, d.chase(r).latencies);
    int outliers = 0;
    for (auto v : first) {
        EXPECT_TRUE((v >= 195 && v <= 205) || (v >= 495 && v <= 505)) << v;  // L2 hit, or outlier
        outliers += v > 300;
    }
    EXPECT_GT(outliers, 5);
    EXPECT_LT(outliers, 60);
}

TEST(SimBackend, NonsenseRequestsThrow) {
    SimBackend b(test::parseTestProfile(test::nvidiaTestProfile()));
    const auto ok = request(Space::Global, 4096, 128);
    auto bad = [&](auto change) {
        auto r = ok;
        change(r);
        EXPECT_THROW(b.chase(r), BackendError);
    };
    bad([](ChaseRequest& r) { r.arrayBytes = 0; });
    bad([](ChaseRequest& r) { r.strideBytes = 0; });
    bad([](ChaseRequest& r) { r.strideBytes = 8192; });
    bad([](ChaseRequest& r) { r.unit = 4; });
    bad([](ChaseRequest& r) { r.unit = -2; });
    bad([](ChaseRequest& r) { r.recordLoads = (1u << 26) + 1; });
    bad([](ChaseRequest& r) { r.warmupPasses = 4'000'000'000u; r.strideBytes = 4; });
    bad([](ChaseRequest& r) { r.space = Space::Vector; });
    bad([](ChaseRequest& r) { r.space = Space::Constant; r.arrayBytes = 8192 + 64; });
    bad([](ChaseRequest& r) { r.space = Space::Shared; r.arrayBytes = 49152 + 4; });
    bad([](ChaseRequest& r) { r.second = SecondChaser{.space = Space::Global, .arrayBytes = 0, .strideBytes = 128}; });
    bad([](ChaseRequest& r) {
        r.second = SecondChaser{.space = Space::Global, .arrayBytes = 64, .strideBytes = 128};
    });
    bad([](ChaseRequest& r) {
        r.second = SecondChaser{.space = Space::Global, .arrayBytes = 4096, .strideBytes = 128,
                                .placement = Placement::OtherWarp, .warp = 64};
    });
    bad([](ChaseRequest& r) {
        r.second = SecondChaser{.space = Space::Global, .arrayBytes = 4096, .strideBytes = 128,
                                .placement = Placement::OtherUnit, .unit = 9};
    });
    bad([](ChaseRequest& r) { r.second = SecondChaser{.space = Space::Lds, .arrayBytes = 64, .strideBytes = 4}; });
    EXPECT_NO_THROW(b.chase(ok));
    EXPECT_NO_THROW(b.chase(request(Space::Global, 4096, 128, 1, 4, -1)));  // -1 = any unit

    // A second constant chaser may exceed one bank; the main one may not.
    auto constant = request(Space::Constant, 8192, 64);
    constant.second = SecondChaser{.space = Space::Constant, .arrayBytes = 32768, .strideBytes = 64};
    EXPECT_NO_THROW(b.chase(constant));
    try {
        b.chase(request(Space::Constant, 16384, 64));
        FAIL() << "no BackendError";
    } catch (const BackendError& e) {
        EXPECT_NE(std::string(e.what()).find("constant"), std::string::npos) << e.what();
    }
}

TEST(SimBackend, ScratchpadsHaveAFixedLatency) {
    SimBackend n(test::parseTestProfile(test::nvidiaTestProfile()));
    EXPECT_EQ(chaseLatency(n, request(Space::Shared, 49152, 4, 1, 64)), 30u);
    EXPECT_EQ(n.maxArrayBytes(Space::Shared), 49152u);
    EXPECT_EQ(n.maxArrayBytes(Space::Constant), 8192u);
    EXPECT_EQ(n.maxArrayBytes(Space::Lds), 0u);
    SimBackend a(test::parseTestProfile(test::amdTestProfile()));
    EXPECT_EQ(chaseLatency(a, request(Space::Lds, 65536, 4, 1, 64)), 50u);
    EXPECT_EQ(a.maxArrayBytes(Space::Lds), 65536u);
}

TEST(SimBackend, SupportsTheVendorsSpaces) {
    SimBackend n(test::parseTestProfile(test::nvidiaTestProfile()));
    SimBackend a(test::parseTestProfile(test::amdTestProfile()));
    for (Space s : {Space::Global, Space::GlobalL2, Space::Texture, Space::ReadOnly, Space::Constant, Space::Shared}) {
        EXPECT_TRUE(n.supports(s)) << toString(s);
        EXPECT_FALSE(a.supports(s)) << toString(s);
    }
    for (Space s : {Space::Vector, Space::VectorL2, Space::Scalar, Space::Lds}) {
        EXPECT_TRUE(a.supports(s)) << toString(s);
        EXPECT_FALSE(n.supports(s)) << toString(s);
    }
    EXPECT_EQ(n.kind(), "sim");
    EXPECT_EQ(a.queryDevice().physicalUnitIds, (std::vector<int>{0, 1, 2, 4}));
}

TEST(SimBackend, TimerOverheadSamples) {
    SimBackend b(loadProfile("h100"));
    const auto samples = b.measureTimerOverhead(100);
    ASSERT_EQ(samples.size(), 100u);
    for (auto v : samples) EXPECT_LE(std::abs(static_cast<int>(v) - 6), 2) << v;
    EXPECT_TRUE(b.measureTimerOverhead(0).empty());
    EXPECT_THROW(b.measureTimerOverhead(-1), BackendError);
}

TEST(SimBackend, BandwidthModel) {
    SimBackend b(loadProfile("h100"));
    auto run = [&](BandwidthTarget target, BandwidthOp op, std::uint64_t bytes, int blocks, int threads) {
        BandwidthRequest r;
        r.target = target;
        r.op = op;
        r.bytes = bytes;
        r.blocks = blocks;
        r.threadsPerBlock = threads;
        r.repetitions = 5;
        return b.bandwidth(r);
    };
    const std::uint64_t big = 1ull << 30;
    const auto full = run(BandwidthTarget::DeviceMemory, BandwidthOp::Read, big, 132 * 2, 1024);
    EXPECT_NEAR(full.gibPerSecond, 2600, 2600 * 0.02);
    EXPECT_NEAR(full.seconds, big / (full.gibPerSecond * 1073741824.0), 1e-12);
    EXPECT_EQ(full.vendorCopyGibPerSecond, 0);
    EXPECT_LT(run(BandwidthTarget::DeviceMemory, BandwidthOp::Read, big, 1, 32).gibPerSecond, 100);
    const auto write = run(BandwidthTarget::DeviceMemory, BandwidthOp::Write, big, 132 * 2, 1024);
    EXPECT_NEAR(write.gibPerSecond, 2800, 2800 * 0.02);
    const auto copy = run(BandwidthTarget::DeviceMemory, BandwidthOp::Copy, big, 132 * 2, 1024);
    EXPECT_NEAR(copy.gibPerSecond, 2.0 / (1.0 / 2600 + 1.0 / 2800), 60);
    EXPECT_NEAR(copy.vendorCopyGibPerSecond, 0.95 * copy.gibPerSecond, copy.gibPerSecond * 0.03);
    const auto l2 = run(BandwidthTarget::L2, BandwidthOp::Read, 16u << 20, 132 * 2, 1024);
    EXPECT_NEAR(l2.gibPerSecond, 4529, 4529 * 0.02);
    EXPECT_NEAR(run(BandwidthTarget::L2, BandwidthOp::Read, 64u << 20, 132 * 2, 1024).gibPerSecond, 2600, 60);

    BandwidthRequest bad;
    EXPECT_THROW(b.bandwidth(bad), BackendError);
    bad = {BandwidthTarget::DeviceMemory, BandwidthOp::Read, big, 10, 4096, 1};
    EXPECT_THROW(b.bandwidth(bad), BackendError);
}

TEST(SimBackend, L2SweepOfH100MissesBeyondTheSegment) {
    SimBackend b(loadProfile("h100"));
    // 26 MB at 32 B: ~850k loads per pass, two passes (bench/ times the simulator, not this test).
    const auto r = b.chase(request(Space::Global, 27262976, 32, 2, 256));
    std::uint64_t sum = 0;
    for (auto v : r.latencies) sum += v;
    EXPECT_GT(sum / r.latencies.size(), 700u);  // beyond the 25 MiB segment: DRAM
}

TEST(SimBackend, ProfilesBuiltInCodeAreCheckedToo) {
    SimProfile p = test::parseTestProfile(test::nvidiaTestProfile());
    p.caches[0].sector = 0;       // = line, as when the JSON omits it
    p.caches[0].farLatency = 0;   // = latency
    SimBackend fine(p);
    EXPECT_EQ(chaseLatency(fine, request(Space::Global, 4096, 128)), 40u);
    p.caches[0].line = 96;
    EXPECT_THROW(SimBackend{p}, ProfileError);
    p = test::parseTestProfile(test::nvidiaTestProfile());
    p.caches[3].segments = 0;
    EXPECT_THROW(SimBackend{p}, ProfileError);
}
