#pragma once
#include <cstdint>
#include <vector>

#include "sim/cache_sim.hpp"
#include "backend/rng.hpp"

namespace ts::sim_detail {

// Fully associative cache over a flat table of line slots. A tag is found through an
// open-addressing index (linear probing, backward-shift deletion); LRU order is an intrusive
// doubly linked list through the slots, PLRU a bit tree over them.
class FullyAssocCache final : public CacheSim {
public:
    FullyAssocCache(const CacheGeometry& geometry, std::uint64_t seed);

    bool lookup(std::uint64_t address) override;
    void fill(std::uint64_t address) override;
    bool access(std::uint64_t address) override;
    void clear(std::uint64_t seed) override;
    std::uint64_t linesThatFitInARow(std::uint64_t firstAddress) const override;

private:
    static constexpr std::int32_t kNone = -1;

    struct Slot {
        std::uint64_t tag;
        std::uint32_t sectors;  // valid bit per sector
        std::int32_t prev;      // LRU list, towards the most recent
        std::int32_t next;
    };

    std::uint64_t home(std::uint64_t tag) const;
    std::int32_t locate(std::uint64_t tag) const;  // slot holding `tag`, or kNone
    void indexInsert(std::uint64_t tag, std::int32_t slot);
    void indexErase(std::uint64_t tag);
    void touch(std::int32_t slot);
    std::int32_t allocate(std::uint64_t tag);
    std::int32_t victim();
    void unlink(std::int32_t slot);
    void pushFront(std::int32_t slot);

    std::uint32_t capacity_;
    std::uint32_t used_ = 0;            // slots 0..used_-1 hold lines; free slots are taken in order
    std::vector<Slot> slots_;
    std::int32_t head_ = kNone, tail_ = kNone;  // most / least recently used
    std::vector<std::uint8_t> plru_;    // tree nodes 1..capacity-1: 1 = victim on the right
    unsigned plruLevels_ = 0;
    std::int32_t lastSlot_ = kNone;     // most recently used slot: repeated loads skip the index
    std::vector<std::int32_t> index_;   // slot number or kNone
    std::uint64_t indexMask_;
    unsigned indexBits_;
    Rng rng_;
};

}  // namespace ts::sim_detail
