// The eviction-set search against a model cache (issue 22): the target leaves when its set gets
// `ways` lines. The search, and the pruning of lines a round took by mistake (as on an H200's L2
// near its capacity), must come back with exactly the lines of the target's set.
#include <gtest/gtest.h>

#include <set>

#include "backend/eviction_test.hpp"
#include "benchmarks/eviction_set.hpp"
#include "sim/builtin_profiles.hpp"
#include "sim/sim_backend.hpp"

using namespace ts;

namespace {

constexpr std::uint64_t kLineBytes = 128;
constexpr std::uint32_t kSets = 64, kWays = 8;

std::uint64_t setOf(std::uint64_t line) { return (line * 0x9e3779b97f4a7c15ull) >> 58; }  // 64 sets

// A target evicted once its set holds `ways` other lines, as in an LRU cache.
class SetConflictBackend : public SimBackend {
public:
    SetConflictBackend() : SimBackend(loadProfile("h100")) {}
    std::uint32_t evictionTest(const EvictionTest& t) override {
        std::set<std::uint64_t> lines;
        for (std::uint64_t offset : evictionLoads(t)) lines.insert(offset / kLineBytes);
        std::uint64_t inSet = 0;
        for (std::uint64_t line : lines) inSet += setOf(line) == setOf(0);
        return inSet >= kWays ? 500 : 100;
    }
};

// The same cache behind a TLB of kTlbPages pages of 4 KiB: once the loads after the target cross
// that many other pages, its translation is gone and the timed load is slow, unless the refresh
// load (in its page) brought the translation back.
constexpr std::uint64_t kPageBytes = 4096, kTlbPages = 16;
class TranslatingBackend : public SetConflictBackend {
public:
    std::uint32_t evictionTest(const EvictionTest& t) override {
        std::set<std::uint64_t> pages;
        for (std::uint64_t offset : evictionLoads(t))
            if (offset / kPageBytes != 0) pages.insert(offset / kPageBytes);
        const bool translated = pages.size() < kTlbPages || (t.refresh != 0 && t.refresh / kPageBytes == 0);
        return translated ? SetConflictBackend::evictionTest(t) : 500;
    }
};

std::optional<std::vector<std::uint64_t>> search(Backend& backend, std::uint64_t refresh = 0) {
    Topology topology;
    Observer silent;
    CancelToken cancel;
    RunContext ctx(backend, topology, silent, cancel);
    return findConflictSet(ctx, ConflictSearch{Space::GlobalL2, kSets * kWays, kLineBytes, 300, 64, "", refresh});
}

void expectOneSet(const std::optional<std::vector<std::uint64_t>>& found) {
    ASSERT_TRUE(found.has_value());
    ASSERT_EQ(found->size(), kWays + 1) << "the target and its set's ways";
    EXPECT_EQ(found->front(), 0u);
    for (std::uint64_t offset : *found) EXPECT_EQ(setOf(offset / kLineBytes), setOf(0)) << "line " << offset / kLineBytes;
}

}  // namespace

TEST(EvictionSet, FindsTheTargetsSetWhenOnlyConflictsEvict) {
    SetConflictBackend backend;
    expectOneSet(search(backend));
}

// Issue 34 (calibration, session 28): a 20-way L1 behind a 64-entry TLB of 4 KiB pages gave up
// after 19 lines, every later round evicted by the pool's page count.
TEST(EvictionSet, TheRefreshLoadKeepsATranslationMissFromPassingForAnEviction) {
    TranslatingBackend backend;
    EXPECT_FALSE(search(backend).has_value()) << "without the refresh the TLB decides, and the search must see it";
    expectOneSet(search(backend, kLineBytes / 2));
}

TEST(EvictionSet, LinesOfOtherSetsAreDroppedFromAnEvictingList) {
    SetConflictBackend backend;
    Topology topology;
    Observer silent;
    CancelToken cancel;
    RunContext ctx(backend, topology, silent, cancel);
    std::vector<std::uint64_t> set, others, mixed;
    for (std::uint64_t line = 1; set.size() < kWays || others.size() < 5; ++line)
        (setOf(line) == setOf(0) ? set : others).push_back(line * kLineBytes);
    others.resize(5);
    set.resize(kWays);
    for (std::size_t k = 0; k < kWays; ++k) {  // a wrong line taken here and there, as a round near the capacity did
        mixed.push_back(set[k]);
        if (k % 2 == 1 && !others.empty()) mixed.push_back(others.back()), others.pop_back();
    }
    const ConflictSearch search{Space::GlobalL2, kSets * kWays, kLineBytes, 300, 64, ""};
    EXPECT_EQ(neededLines(ctx, search, mixed), set);
}
