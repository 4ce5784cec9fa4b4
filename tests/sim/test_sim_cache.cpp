#include <gtest/gtest.h>

#include <list>
#include <unordered_map>

#include "sim/cache_sim.hpp"
#include "backend/rng.hpp"

using namespace ts;
using namespace ts::sim_detail;

namespace {

constexpr std::uint64_t kBase = 1ull << 40;

// Plain LRU over whole lines with sector bits: the obvious model to check the fast one against.
class ReferenceLru {
public:
    ReferenceLru(std::size_t lines, std::uint32_t line, std::uint32_t sector)
        : lines_(lines), line_(line), sector_(sector) {}
    bool access(std::uint64_t address) {
        const std::uint64_t tag = address / line_;
        const std::uint32_t bit = 1u << ((address % line_) / sector_);
        auto it = where_.find(tag);
        if (it != where_.end()) {
            order_.splice(order_.begin(), order_, it->second);
            const bool hit = (it->second->second & bit) != 0;
            it->second->second |= bit;
            return hit;
        }
        if (order_.size() == lines_) {
            where_.erase(order_.back().first);
            order_.pop_back();
        }
        order_.emplace_front(tag, bit);
        where_[tag] = order_.begin();
        return false;
    }

private:
    std::size_t lines_;
    std::uint32_t line_, sector_;
    std::list<std::pair<std::uint64_t, std::uint32_t>> order_;
    std::unordered_map<std::uint64_t, std::list<std::pair<std::uint64_t, std::uint32_t>>::iterator> where_;
};

int hitsOfSecondPass(CacheSim& cache, std::uint64_t bytes, std::uint64_t stride) {
    for (std::uint64_t a = 0; a < bytes; a += stride) cache.access(kBase + a);
    int hits = 0;
    for (std::uint64_t a = 0; a < bytes; a += stride) hits += cache.access(kBase + a);
    return hits;
}

}  // namespace

TEST(SimCache, FullyAssociativeLruMatchesAReferenceModel) {
    const CacheGeometry g{64 * 128, 128, 32, 0, CachePolicy::Lru};
    auto fast = makeCacheSim(g, 1);
    ReferenceLru reference(64, 128, 32);
    Rng rng(5);
    for (int i = 0; i < 200000; ++i) {
        // Mostly a small hot range, sometimes far-away strided lines (hash collisions, deletions).
        const std::uint64_t address = rng.below(4) == 0 ? kBase + (rng.below(512) << 20) + rng.below(4) * 32
                                                        : kBase + rng.below(96 * 128);
        ASSERT_EQ(fast->access(address), reference.access(address)) << "access " << i;
    }
}

TEST(SimCache, ClearEmptiesAndStaysCorrect) {
    for (std::uint32_t ways : {0u, 4u}) {
        const CacheGeometry g{32 * 64, 64, 64, ways, CachePolicy::Lru};
        auto cache = makeCacheSim(g, 1);
        EXPECT_EQ(hitsOfSecondPass(*cache, 32 * 64, 64), 32) << ways;
        cache->clear(2);
        EXPECT_FALSE(cache->access(kBase)) << ways;
        EXPECT_TRUE(cache->access(kBase)) << ways;
        cache->clear(3);
        ReferenceLru reference(32, 64, 64);
        Rng rng(9);
        if (ways == 0)
            for (int i = 0; i < 20000; ++i) {
                const std::uint64_t address = kBase + rng.below(48) * 64;
                ASSERT_EQ(cache->access(address), reference.access(address)) << i;
            }
    }
}

TEST(SimCache, HashedSetIndexSpreadsPowerOfTwoStrides) {
    // 64 sets x 4 ways of 64 B: a stride of 64 lines would hit one set without hashing.
    const CacheGeometry g{16384, 64, 64, 4, CachePolicy::Lru};
    auto cache = makeCacheSim(g, 1);
    EXPECT_EQ(hitsOfSecondPass(*cache, 64 * 4096, 4096), 64);
    // An aligned array of exactly the capacity maps one line per way of every set.
    auto exact = makeCacheSim(g, 1);
    EXPECT_EQ(hitsOfSecondPass(*exact, 16384, 64), 256);
    // Non-power-of-two set counts (3 x 64 sets): an unaligned array may overload a few sets.
    auto odd = makeCacheSim(CacheGeometry{3 * 16384, 64, 64, 4, CachePolicy::Lru}, 1);
    EXPECT_GT(hitsOfSecondPass(*odd, 3 * 16384, 64), 768 * 3 / 4);
    auto oddStrided = makeCacheSim(CacheGeometry{3 * 16384, 64, 64, 4, CachePolicy::Lru}, 1);
    EXPECT_GT(hitsOfSecondPass(*oddStrided, 192 * 4096, 4096), 192 * 3 / 4);
}

// The knee truth (linesThatFitInARow): a contiguous walk of that many lines hits on every load
// once warm, under every index and policy; one line more misses somewhere in the third pass.
// Where an index spreads consecutive lines unevenly, it lies below the capacity.
TEST(SimCache, LinesThatFitInARowAreWhatAContiguousWalkKeeps) {
    const auto missesOfThirdPass = [](CacheSim& cache, std::uint64_t lines, std::uint32_t line) {
        for (int pass = 0; pass < 2; ++pass)
            for (std::uint64_t i = 0; i < lines; ++i) cache.access(kBase + i * line);
        int misses = 0;
        for (std::uint64_t i = 0; i < lines; ++i) misses += !cache.access(kBase + i * line);
        return misses;
    };
    int belowCapacity = 0;
    for (const auto index : {IndexFunction::Modulo, IndexFunction::XorFold, IndexFunction::Scrambled})
        for (const auto policy : {CachePolicy::Lru, CachePolicy::Fifo, CachePolicy::Plru, CachePolicy::Random})
            for (const std::uint64_t sets : {64ull, 45ull, 482ull}) {
                const CacheGeometry g{sets * 4 * 128, 128, 128, 4, policy, index};
                const std::uint64_t knee = makeCacheSim(g, 1)->linesThatFitInARow(kBase);
                SCOPED_TRACE(std::to_string(sets) + " sets, knee " + std::to_string(knee));
                ASSERT_LE(knee, sets * 4);
                EXPECT_EQ(missesOfThirdPass(*makeCacheSim(g, 1), knee, 128), 0);
                EXPECT_GT(missesOfThirdPass(*makeCacheSim(g, 1), knee + 1, 128), 0);
                belowCapacity += knee < sets * 4;
            }
    EXPECT_GT(belowCapacity, 0);  // the scrambled index at least
    EXPECT_EQ(makeCacheSim(CacheGeometry{64 * 128, 128, 32, 0, CachePolicy::Lru}, 1)->linesThatFitInARow(kBase), 64u);
}

TEST(SimCache, SectorsFillOneAtATime) {
    for (std::uint32_t ways : {0u, 2u}) {
        auto cache = makeCacheSim(CacheGeometry{1024, 128, 32, ways, CachePolicy::Lru}, 1);
        EXPECT_FALSE(cache->access(kBase));
        EXPECT_TRUE(cache->access(kBase + 31));
        EXPECT_FALSE(cache->access(kBase + 32));  // line present, sector not
        EXPECT_TRUE(cache->lookup(kBase + 40));
        EXPECT_FALSE(cache->lookup(kBase + 64));  // lookup never fills
        EXPECT_FALSE(cache->lookup(kBase + 64));
        cache->fill(kBase + 64);
        EXPECT_TRUE(cache->lookup(kBase + 64));
    }
}

TEST(SimCache, EveryPolicyKeepsAWorkingSetThatFits) {
    for (CachePolicy policy : {CachePolicy::Lru, CachePolicy::Plru, CachePolicy::Random}) {
        for (std::uint32_t ways : {0u, 8u}) {
            auto cache = makeCacheSim(CacheGeometry{64 * 64, 64, 64, ways, policy}, 7);
            EXPECT_EQ(hitsOfSecondPass(*cache, 64 * 64, 64), 64) << toString(policy) << " ways " << ways;
            // Twice the capacity: LRU misses always; PLRU and random keep some lines.
            auto big = makeCacheSim(CacheGeometry{64 * 64, 64, 64, ways, policy}, 7);
            const int hits = hitsOfSecondPass(*big, 128 * 64, 64);
            if (policy == CachePolicy::Lru) EXPECT_EQ(hits, 0) << ways;
            else EXPECT_LT(hits, 128) << toString(policy) << " ways " << ways;
        }
    }
}

TEST(SimCache, RandomReplacementIsSeeded) {
    auto run = [](std::uint64_t seed) {
        auto cache = makeCacheSim(CacheGeometry{64 * 64, 64, 64, 0, CachePolicy::Random}, seed);
        std::vector<bool> hits;
        for (int pass = 0; pass < 4; ++pass)
            for (std::uint64_t a = 0; a < 100 * 64; a += 64) hits.push_back(cache->access(kBase + a));
        return hits;
    };
    EXPECT_EQ(run(1), run(1));
    EXPECT_NE(run(1), run(2));
}

TEST(SimCache, RejectsBadGeometry) {
    EXPECT_THROW(makeCacheSim(CacheGeometry{1000, 128, 32, 0, CachePolicy::Lru}, 1), std::invalid_argument);
    EXPECT_THROW(makeCacheSim(CacheGeometry{1024, 96, 32, 0, CachePolicy::Lru}, 1), std::invalid_argument);
    EXPECT_THROW(makeCacheSim(CacheGeometry{1024, 128, 0, 0, CachePolicy::Lru}, 1), std::invalid_argument);
    EXPECT_THROW(makeCacheSim(CacheGeometry{1024, 128, 128, 3, CachePolicy::Lru}, 1), std::invalid_argument);
}
