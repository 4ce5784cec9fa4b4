#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "analysis/analysis.hpp"
#include "analysis_synth.hpp"

using namespace ts;

namespace {

std::vector<double> doublings(double first, double last) {
    std::vector<double> s;
    for (double x = first; x <= last; x *= 2) s.push_back(x);
    return s;
}

// Our line-size benchmark: one array of about 1.5 C, strides from the granularity up to 8 L.
std::vector<std::pair<double, double>> ourLineRows(double capacity, double first, double last) {
    std::vector<std::pair<double, double>> rows;
    for (double s : doublings(first, last)) rows.push_back({s, 1.5 * capacity});
    return rows;
}

// MT4G's line-size benchmark: strides 16, 32, ... 272 over arrays from C/2 to 1.5 C.
std::vector<std::pair<double, double>> mt4gLineRows(double capacity) {
    std::vector<std::pair<double, double>> rows;
    for (double s = 16; s <= 272; s += 16)
        for (int i = 0; i < 11; ++i) rows.push_back({s, capacity * (0.5 + 0.1 * i)});
    return rows;
}

}  // namespace

TEST(AnalysisFetchGranularity, OurDoublingStrides) {
    const Series s = synth::fetchGranularitySeries(doublings(4, 1024), 32, 64, {.jitter = 2}, 1);
    const Decision d = decideFetchGranularity(s);
    EXPECT_TRUE(d.decided) << d.reason;
    EXPECT_EQ(d.value, 32);
    EXPECT_GT(d.confidence, 0.95) << d.reason;
}

TEST(AnalysisFetchGranularity, Mt4gLinearStridesWithOutliers) {
    const Series s = synth::fetchGranularitySeries(synth::evenly(4, 4, 64), 64, 64,
                                                   {.jitter = 3, .outlierRate = 0.01, .outlierExtra = 500}, 2);
    const Decision d = decideFetchGranularity(s);
    EXPECT_TRUE(d.decided) << d.reason;
    EXPECT_EQ(d.value, 64);
    EXPECT_GT(d.confidence, 0.95) << d.reason;
}

TEST(AnalysisFetchGranularity, EveryLoadMissesAtTheSmallestStride) {
    const Series s = synth::fetchGranularitySeries(doublings(64, 1024), 32, 64, {}, 3);
    const Decision d = decideFetchGranularity(s);
    EXPECT_FALSE(d.decided);
    EXPECT_EQ(d.confidence, 0);
    EXPECT_EQ(d.value, 64);
    EXPECT_TRUE(d.upperBound);
}

TEST(AnalysisFetchGranularity, OneLevelWithOutliersMeansEveryLoadMissed) {
    // A cold chase behind a cache with the same granularity: every load goes to DRAM; the rare
    // outliers must not read as "hits at the fast level".
    const Series s = synth::fetchGranularitySeries(doublings(64, 1024), 64, 64, {.jitter = 3, .outlierRate = 0.01,
                                                                                 .outlierExtra = 600}, 10);
    Series allMiss = s;
    for (auto& row : allMiss.rows)
        for (auto& l : row.latencies)
            if (l < 200) l += 232;  // the hits of the generator become misses
    const Decision d = decideFetchGranularity(allMiss);
    EXPECT_FALSE(d.decided);
    EXPECT_TRUE(d.upperBound) << d.reason;
    EXPECT_EQ(d.value, 64);
}

TEST(AnalysisFetchGranularity, SomeLoadsHitAtTheLargestStride) {
    const Series s = synth::fetchGranularitySeries(doublings(4, 64), 256, 64, {}, 4);
    const Decision d = decideFetchGranularity(s);
    EXPECT_FALSE(d.decided);
    EXPECT_EQ(d.value, 64);
    EXPECT_TRUE(d.lowerBound);
}

// Of 300 random GPUs: a Constant L1.5 of 64 B sectors (hits 93 cycles) behind a Constant L1 (21)
// over an L2 of 128 B sectors (249) read 128 B at 1.0: its warm reference held the front cache's
// hits, their spread put the fence at 309 cycles, and only the L2's misses (509) counted.
TEST(AnalysisFetchGranularity, AFrontCachesHitsInTheReferenceDoNotWidenTheFence) {
    Series s;
    for (double stride = 32; stride <= 1024; stride *= 2) {
        SeriesRow row{stride, 0, "", 0, {}};
        for (int i = 0; i < 64; ++i) {
            const double at = stride * i;
            const bool newSector = std::fmod(at, 64) == 0, newL2Sector = std::fmod(at, 128) == 0;
            row.latencies.push_back(static_cast<std::uint32_t>(!newSector ? 93 + i % 3 : newL2Sector ? 509 + i % 2 : 249 + i % 3));
        }
        s.rows.push_back(row);
    }
    std::vector<std::uint32_t> reference;
    for (int i = 0; i < 64; ++i) reference.push_back(i < 20 ? 21 + i % 2 : 92 + i % 3);
    const Decision d = decideFetchGranularity(s, reference);
    EXPECT_TRUE(d.decided) << d.reason;
    EXPECT_EQ(d.value, 64) << d.reason;
}

TEST(AnalysisFetchGranularity, TooFewRows) {
    const Series s = synth::fetchGranularitySeries({32}, 32, 64, {}, 5);
    EXPECT_FALSE(decideFetchGranularity(s).decided);
}

TEST(AnalysisLineSize, OurLayoutFindsEachLineSize) {
    for (double line : {64.0, 128.0, 256.0}) {
        const double capacity = 64 * 1024;
        const Series s = synth::lineSizeSeries(ourLineRows(capacity, 32, 8 * line), capacity, line, 256, {.jitter = 2}, 6);
        const Decision d = decideLineSize(s, capacity, 32);
        EXPECT_TRUE(d.decided) << line << ": " << d.reason;
        EXPECT_EQ(d.value, line) << d.reason;
        EXPECT_GT(d.confidence, 0.95) << d.reason;
    }
}

TEST(AnalysisLineSize, Mt4gLayoutWithOffCapacity) {
    // The size sweep found 5 % less than the capacity the line-size chase sees: the fitted
    // capacity absorbs it.
    const double capacity = 120 * 1024;
    const Series s = synth::lineSizeSeries(mt4gLineRows(capacity), capacity, 128, 256, {.jitter = 2}, 7);
    const Decision d = decideLineSize(s, 0.95 * capacity, 32);
    EXPECT_TRUE(d.decided) << d.reason;
    EXPECT_EQ(d.value, 128) << d.reason;
    EXPECT_GT(d.confidence, 0.95) << d.reason;
}

TEST(AnalysisLineSize, NoThrashingRowIsUndecided) {
    const double capacity = 64 * 1024;
    std::vector<std::pair<double, double>> rows;
    for (double s : doublings(32, 1024)) rows.push_back({s, capacity / 2});
    const Series s = synth::lineSizeSeries(rows, capacity, 128, 256, {}, 8);
    const Decision d = decideLineSize(s, capacity, 32);
    EXPECT_FALSE(d.decided);
    EXPECT_EQ(d.confidence, 0);
}

TEST(AnalysisLineSize, NeedsTheCacheSize) {
    const Series s = synth::lineSizeSeries(ourLineRows(65536, 32, 1024), 65536, 128, 256, {}, 9);
    const Decision d = decideLineSize(s, 0, 32);
    EXPECT_FALSE(d.decided);
    EXPECT_NE(d.reason.find("size"), std::string::npos);
}

TEST(AnalysisSegmentSize, SnapsTheKneeToAnEvenShareOfTheL2) {
    ChangePoint knee;
    knee.found = true;
    knee.statistic = 1;
    knee.x = 27995904;
    knee.confidence = 1;
    const Decision d = decideSegmentSize(knee, 52428800);
    EXPECT_TRUE(d.decided) << d.reason;
    EXPECT_EQ(d.value, 26214400);
    EXPECT_NEAR(d.confidence, 1 - (27995904.0 - 26214400) / 26214400, 1e-9);
    const Decision unknownL2 = decideSegmentSize(knee, 0);
    EXPECT_FALSE(unknownL2.decided);
    EXPECT_EQ(unknownL2.value, knee.x);
}

namespace {

// Our layout (strides 32, 48, 96, ... over 2 C) where each thrashing row misses in only a share
// `missShare(x)` of its sectors, x the walk over the capacity.
template <class Share>
Series partlyThrashingSeries(double capacity, double line, Share missShare, std::uint32_t seed) {
    std::vector<std::pair<double, double>> rows{{32, 2 * capacity}};
    for (double s = 48; s <= 2 * capacity / 8; s *= 2) rows.push_back({s, 2 * capacity});
    Series s = synth::lineSizeSeries(rows, capacity, line, 256, {.jitter = 2}, seed);
    std::mt19937 rng(seed);
    for (auto& row : s.rows) {
        const double share = missShare(row.x2 * line / std::max(row.x, line) / capacity);
        for (auto& l : row.latencies)
            if (l > 200 && std::uniform_real_distribution<double>(0, 1)(rng) >= share) l -= 232;  // kept: a hit
    }
    return s;
}

// Random replacement: q solves 1 - q = exp(-q x) above the capacity.
double randomShare(double x) {
    double q = 1;
    for (int i = 0; i < 200 && x > 1; ++i) q = 1 - std::exp(-q * x);
    return x > 1 ? q : 0;
}

}  // namespace

TEST(AnalysisLineSize, RandomReplacementsKeptLinesDoNotHalveTheLine) {
    // At stride 1.5 L the walk covers 1.33 C and random replacement keeps about half of it: read
    // as a step, that row looks fitting and 64 B wins.
    for (double line : {64.0, 128.0, 256.0}) {
        const Decision d = decideLineSize(partlyThrashingSeries(8192, line, randomShare, 11), 8192, 32);
        EXPECT_TRUE(d.decided) << line << ": " << d.reason;
        EXPECT_EQ(d.value, line) << d.reason;
        EXPECT_NE(d.reason.find("random replacement"), std::string::npos) << d.reason;
    }
}

TEST(AnalysisLineSize, ACacheKeepingMoreThanRandomReplacementKeepsTheStep) {
    // Half the sectors missed over 2 C, far from random replacement's four fifths (the H100's
    // constant L1.5 looks like this).
    const Decision d = decideLineSize(partlyThrashingSeries(8192, 128, [](double x) { return x > 1.5 ? 0.5 : 0.1; }, 12), 8192, 32);
    EXPECT_EQ(d.reason.find("random replacement"), std::string::npos) << d.reason;
}
