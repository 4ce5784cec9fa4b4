#pragma once
#include <cstdint>
#include <vector>

#include "sim/cache_sim.hpp"
#include "sim/fast_divisor.hpp"
#include "backend/rng.hpp"

namespace ts::sim_detail {

// Set-associative cache: sets x ways over flat arrays. By default the set index XOR-folds the line
// address bits above the index (like real GPUs), so power-of-two strides do not pile into a
// few sets while an aligned block of sets x line bytes still maps one line per set; a profile
// may ask for plain modulo indexing instead (IndexFunction::Modulo).
// Sets are emptied lazily (epoch per set), so clear() is O(1) however large the cache is.
class SetAssocCache final : public CacheSim {
public:
    SetAssocCache(const CacheGeometry& geometry, std::uint64_t seed);

    bool lookup(std::uint64_t address) override;
    void fill(std::uint64_t address) override;
    bool access(std::uint64_t address) override;
    void clear(std::uint64_t seed) override;
    std::uint64_t linesThatFitInARow(std::uint64_t firstAddress) const override;

private:
    static constexpr std::uint64_t kInvalid = ~0ull;
    static constexpr std::int64_t kNone = -1;

    std::uint64_t setOf(std::uint64_t tag) const;
    std::size_t prepareSet(std::uint64_t set);  // first line index of the set, emptied if stale
    // Line index holding `tag`, or kNone; a search (not a memo hit) also prepares and returns the set.
    std::int64_t locate(std::uint64_t tag, std::uint64_t& set);
    std::size_t allocate(std::uint64_t tag, std::uint64_t set);  // line index, after evicting if needed
    void touch(std::size_t index);

    std::uint64_t sets_;
    FastDivisor bySets_;                // sets_, as a divisor
    std::uint32_t ways_;
    bool pow2Sets_;
    unsigned setBits_;                  // bits of the set index (rounded up)
    std::uint64_t setMask_;
    std::vector<std::uint64_t> tags_;
    std::vector<std::uint32_t> sectors_;
    std::vector<std::uint32_t> stamps_; // LRU: last touch time
    std::vector<std::uint64_t> plru_;   // per set: tree bits 1..ways-1, 1 = victim on the right
    std::vector<std::uint32_t> setEpoch_;
    std::uint32_t epoch_ = 1;
    std::uint32_t clock_ = 0;
    std::int64_t lastIndex_ = kNone;    // most recently touched line
    Rng rng_;
};

}  // namespace ts::sim_detail
