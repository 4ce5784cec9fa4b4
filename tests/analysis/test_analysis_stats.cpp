#include <gtest/gtest.h>

#include "analysis/analysis.hpp"
#include "analysis/robust.hpp"
#include "analysis_synth.hpp"

using namespace ts;

TEST(AnalysisStats, LatencyStatsOfKnownSamples) {
    const LatencyStats s = latencyStats({10, 20, 30, 40, 50});
    EXPECT_DOUBLE_EQ(s.mean, 30);
    EXPECT_DOUBLE_EQ(s.p50, 30);
    EXPECT_DOUBLE_EQ(s.p95, 48);  // linear interpolation between closest ranks
    EXPECT_NEAR(s.stdev, 15.8113883, 1e-6);  // sample standard deviation
    EXPECT_EQ(s.min, 10);
    EXPECT_EQ(s.max, 50);
    EXPECT_EQ(s.samples, 5u);
}

TEST(AnalysisStats, LatencyStatsOfNothing) {
    const LatencyStats s = latencyStats({});
    EXPECT_EQ(s.samples, 0u);
    EXPECT_EQ(s.mean, 0);
}

TEST(AnalysisStats, TimerQuantumIsTheCommonDivisor) {
    EXPECT_EQ(timerQuantum({120, 124, 208, 500}), 4);
    EXPECT_EQ(timerQuantum({217, 218}), 1);
    EXPECT_EQ(timerQuantum({}), 1);
}

// The middle half: outliers on either side leave it, whole-cycle jitter averages out.
TEST(AnalysisStats, InterquartileMeanKeepsTheMiddleHalf) {
    EXPECT_DOUBLE_EQ(interquartileMean({1, 10, 11, 12, 13, 14, 15, 1000}), 12.5);  // 10..15
    EXPECT_DOUBLE_EQ(interquartileMean({7}), 7);
    EXPECT_DOUBLE_EQ(interquartileMean({4, 6}), 5);
    EXPECT_DOUBLE_EQ(interquartileMean({}), 0);
    // 210 +-3 cycles of jitter in equal shares: the median may land a cycle off, this does not.
    std::vector<double> jitter;
    for (int k = 0; k < 35; ++k)
        for (int d = -3; d <= 3; ++d) jitter.push_back(210 + d + (k == 0 && d < 0 ? 1 : 0));
    EXPECT_NEAR(interquartileMean(jitter), 210, 0.05);
}

TEST(AnalysisHitMiss, TwoCleanLevels) {
    std::vector<std::uint32_t> l(200, 38);
    l.insert(l.end(), 56, 270);
    const HitMissSplit s = splitHitMiss(l);
    EXPECT_TRUE(s.separable);
    EXPECT_GT(s.threshold, 38);
    EXPECT_LT(s.threshold, 270);
    EXPECT_EQ(s.hitLevel, 38);
    EXPECT_EQ(s.missLevel, 270);
}

TEST(AnalysisHitMiss, SingleMissAmongHitsIsStillTwoLevels) {
    std::vector<std::uint32_t> l(254, 38);
    l.push_back(278);
    EXPECT_TRUE(splitHitMiss(l).separable);
}

TEST(AnalysisHitMiss, OneValueIsOneLevel) {
    const HitMissSplit s = splitHitMiss(std::vector<std::uint32_t>(100, 124));
    EXPECT_FALSE(s.separable);
    EXPECT_EQ(s.hitLevel, 124);
    EXPECT_EQ(s.missLevel, 124);
}

TEST(AnalysisHitMiss, OneTimerStepOfJitterIsOneLevel) {
    std::vector<std::uint32_t> nvidia(60, 217);
    nvidia.insert(nvidia.end(), 40, 218);
    EXPECT_FALSE(splitHitMiss(nvidia).separable);
    std::vector<std::uint32_t> amd(60, 120);  // MI210 hits alternate between 120 and 124 (timer step 4)
    amd.insert(amd.end(), 60, 124);
    EXPECT_FALSE(splitHitMiss(amd).separable);
}

TEST(AnalysisHitMiss, UnimodalNoiseIsOneLevel) {
    synth::Loads gen(3);
    std::vector<std::uint32_t> l;
    for (int i = 0; i < 2000; ++i) l.push_back(static_cast<std::uint32_t>(std::lround(gen.gauss(200, 8))));
    EXPECT_FALSE(splitHitMiss(l).separable);
}

TEST(AnalysisHitMiss, NoisyLevelsFarApartAreTwoLevels) {
    synth::Loads gen(4);
    std::vector<std::uint32_t> l;
    for (int i = 0; i < 1000; ++i) l.push_back(static_cast<std::uint32_t>(std::lround(gen.gauss(200, 8))));
    for (int i = 0; i < 300; ++i) l.push_back(static_cast<std::uint32_t>(std::lround(gen.gauss(280, 8))));
    const HitMissSplit s = splitHitMiss(l);
    EXPECT_TRUE(s.separable);
    EXPECT_NEAR(s.hitLevel, 200, 3);
    EXPECT_NEAR(s.missLevel, 280, 3);
}

TEST(AnalysisReduction, RootMeanSquareDistanceFromTheSweepMinimum) {
    Series s;
    s.rows.push_back({1, 0, {}, 0, {10, 10, 10, 10}});
    s.rows.push_back({2, 0, {}, 0, {10, 10, 30, 30}});
    s.rows.push_back({3, 0, {}, 0, {40}});
    const auto r = reduceSweep(s);
    ASSERT_EQ(r.size(), 3u);
    EXPECT_DOUBLE_EQ(r[0], 0);
    EXPECT_DOUBLE_EQ(r[1], std::sqrt((400.0 + 400.0) / 4));
    EXPECT_DOUBLE_EQ(r[2], 30);
}

TEST(AnalysisRobustness, DegenerateInputsDecideNothingAndDoNotCrash) {
    Series empty;
    EXPECT_FALSE(findChangePoint(empty).found);
    EXPECT_FALSE(decideFetchGranularity(empty).decided);
    EXPECT_FALSE(decideLineSize(empty, 65536, 32).decided);
    Series hollow;  // rows without samples
    for (int i = 0; i < 5; ++i) hollow.rows.push_back({static_cast<double>(1024 * (i + 1)), 4096, {}, 0, {}});
    EXPECT_FALSE(findChangePoint(hollow).found);
    EXPECT_FALSE(decideFetchGranularity(hollow).decided);
    EXPECT_FALSE(decideLineSize(hollow, 65536, 32).decided);
    const double nan = std::nan("");
    EXPECT_FALSE(findChangePoint(std::vector<double>{1, nan, 3, 4}, std::vector<double>{1, 2, 3, 4}).found);
    EXPECT_FALSE(decideSegmentSize(ChangePoint{}, 1 << 20).decided);
    EXPECT_FALSE(splitHitMiss({}).separable);
}

TEST(AnalysisReduction, LatenciesAreCappedAtTheNextLevel) {
    Series s;
    s.rows.push_back({1, 0, {}, 0, std::vector<std::uint32_t>(64, 38)});
    s.rows.push_back({2, 0, {}, 0, std::vector<std::uint32_t>(64, 270)});
    s.rows.push_back({3, 0, {}, 0, std::vector<std::uint32_t>(64, 800)});  // DRAM behind the L2
    const auto r = reduceSweep(s);
    ASSERT_EQ(r.size(), 3u);
    EXPECT_DOUBLE_EQ(r[0], 0);
    EXPECT_DOUBLE_EQ(r[1], 232);
    EXPECT_DOUBLE_EQ(r[2], 232);
}
