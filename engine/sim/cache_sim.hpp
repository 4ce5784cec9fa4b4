#pragma once
#include <cstdint>
#include <memory>

#include "sim/profile.hpp"

namespace ts::sim_detail {

// Shape of one cache instance (one SM's L1 copy, one L2 segment, ...).
struct CacheGeometry {
    std::uint64_t size = 0;   // bytes
    std::uint32_t line = 0;   // power of two
    std::uint32_t sector = 0; // power of two dividing line; at most 32 sectors per line
    std::uint32_t ways = 0;   // 0 = fully associative
    CachePolicy policy = CachePolicy::Lru;
    IndexFunction index = IndexFunction::XorFold;  // set-associative only
};

// One cache instance. Lines carry per-sector valid bits: a miss brings in one sector only,
// so a later load into another sector of the same line misses again (and refreshes the line).
// Addresses must stay below 2^42 (the tag store packs tags into 40 bits).
class CacheSim {
public:
    explicit CacheSim(const CacheGeometry& geometry);
    virtual ~CacheSim() = default;
    CacheSim(const CacheSim&) = delete;
    CacheSim& operator=(const CacheSim&) = delete;

    // Hit test; a hit updates the replacement state. Never fills.
    virtual bool lookup(std::uint64_t address) = 0;
    // Brings the sector of `address` in, allocating the line (evicting a whole line) if needed.
    virtual void fill(std::uint64_t address) = 0;
    // lookup(), then fill() on a miss; returns whether it hit.
    virtual bool access(std::uint64_t address) = 0;
    // Empties the cache; `seed` restarts random replacement.
    virtual void clear(std::uint64_t seed) = 0;
    // The most consecutive lines from `firstAddress` on that the cache holds at once: none of
    // their sets gets more lines than it has ways. Every policy then keeps them all, and with one
    // line more some set must evict on every pass. The truth of a contiguous chase's knee.
    virtual std::uint64_t linesThatFitInARow(std::uint64_t firstAddress) const = 0;

    const CacheGeometry& geometry() const { return geometry_; }
    std::uint64_t lineCount() const { return geometry_.size / geometry_.line; }

protected:
    std::uint64_t tagOf(std::uint64_t address) const { return address >> lineShift_; }
    std::uint32_t sectorBitOf(std::uint64_t address) const {
        return 1u << ((address >> sectorShift_) & sectorIndexMask_);
    }

    CacheGeometry geometry_;

private:
    unsigned lineShift_;
    unsigned sectorShift_;
    std::uint64_t sectorIndexMask_;
};

// Where the simulator puts a chase's main array: the first address of every contiguous chase.
inline constexpr std::uint64_t kMainArrayAddress = 1ull << 40;

// A set-associative or fully associative instance, as `geometry.ways` says.
std::unique_ptr<CacheSim> makeCacheSim(const CacheGeometry& geometry, std::uint64_t seed);

}  // namespace ts::sim_detail
