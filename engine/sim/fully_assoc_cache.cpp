#include "sim/fully_assoc_cache.hpp"

#include <algorithm>
#include <bit>
#include <stdexcept>

namespace ts::sim_detail {

FullyAssocCache::FullyAssocCache(const CacheGeometry& geometry, std::uint64_t seed)
    : CacheSim(geometry), capacity_(static_cast<std::uint32_t>(lineCount())), rng_(seed) {
    if (lineCount() == 0 || lineCount() > (1ull << 28)) throw std::invalid_argument("FullyAssocCache: bad line count");
    slots_.assign(capacity_, Slot{~0ull, 0, kNone, kNone});
    if (geometry.policy == CachePolicy::Plru) {
        if (!std::has_single_bit(capacity_)) throw std::invalid_argument("FullyAssocCache: plru needs 2^n lines");
        plru_.assign(capacity_, 0);
        plruLevels_ = static_cast<unsigned>(std::countr_zero(capacity_));
    }
    // Four buckets per line: homes are spread two apart (see home()), at most half of them used.
    indexBits_ = std::max(4u, static_cast<unsigned>(std::bit_width(std::uint64_t{capacity_} * 4 - 1)));
    index_.assign(std::size_t{1} << indexBits_, kNone);
    indexMask_ = index_.size() - 1;
}

std::uint64_t FullyAssocCache::home(std::uint64_t tag) const {
    // XOR-fold keeps neighbouring tags in neighbouring buckets (the host's caches like that) and
    // scatters power-of-two strides; the factor 2 leaves a free bucket after each home, so
    // consecutive tags do not merge into one long probe run.
    const unsigned b = indexBits_ - 1;
    const std::uint64_t folded = tag ^ (tag >> b) ^ (tag >> (2 * b)) ^ (tag >> (3 * b));
    return (folded << 1) & indexMask_;
}

std::int32_t FullyAssocCache::locate(std::uint64_t tag) const {
    if (lastSlot_ != kNone && slots_[static_cast<std::size_t>(lastSlot_)].tag == tag) return lastSlot_;
    for (std::uint64_t i = home(tag);; i = (i + 1) & indexMask_) {
        const std::int32_t s = index_[i];
        if (s == kNone || slots_[static_cast<std::size_t>(s)].tag == tag) return s;
    }
}

void FullyAssocCache::indexInsert(std::uint64_t tag, std::int32_t slot) {
    std::uint64_t i = home(tag);
    while (index_[i] != kNone) i = (i + 1) & indexMask_;
    index_[i] = slot;
}

void FullyAssocCache::indexErase(std::uint64_t tag) {
    std::uint64_t hole = home(tag);
    while (slots_[static_cast<std::size_t>(index_[hole])].tag != tag) hole = (hole + 1) & indexMask_;
    // Backward-shift deletion: pull later members of the probe run into the hole (no tombstones).
    for (std::uint64_t j = (hole + 1) & indexMask_; index_[j] != kNone; j = (j + 1) & indexMask_) {
        const std::uint64_t k = home(slots_[static_cast<std::size_t>(index_[j])].tag);
        const bool movable = hole <= j ? (k <= hole || k > j) : (k <= hole && k > j);
        if (movable) {
            index_[hole] = index_[j];
            hole = j;
        }
    }
    index_[hole] = kNone;
}

void FullyAssocCache::unlink(std::int32_t slot) {
    Slot& s = slots_[static_cast<std::size_t>(slot)];
    if (s.prev != kNone) slots_[static_cast<std::size_t>(s.prev)].next = s.next; else head_ = s.next;
    if (s.next != kNone) slots_[static_cast<std::size_t>(s.next)].prev = s.prev; else tail_ = s.prev;
}

void FullyAssocCache::pushFront(std::int32_t slot) {
    Slot& s = slots_[static_cast<std::size_t>(slot)];
    s.prev = kNone;
    s.next = head_;
    if (head_ != kNone) slots_[static_cast<std::size_t>(head_)].prev = slot;
    head_ = slot;
    if (tail_ == kNone) tail_ = slot;
}

void FullyAssocCache::touch(std::int32_t slot) {
    switch (geometry_.policy) {
        case CachePolicy::Lru:
            if (slot != head_) {
                unlink(slot);
                pushFront(slot);
            }
            break;
        case CachePolicy::Plru: {
            std::uint32_t node = 1;
            for (unsigned level = plruLevels_; level-- > 0;) {
                const std::uint32_t right = (static_cast<std::uint32_t>(slot) >> level) & 1u;
                plru_[node] = static_cast<std::uint8_t>(right ^ 1u);  // point the victim away from us
                node = 2 * node + right;
            }
            break;
        }
        case CachePolicy::Random:
        case CachePolicy::Fifo:  // the list keeps insertion order: allocate() moves a new line up
            break;
    }
    lastSlot_ = slot;
}

std::int32_t FullyAssocCache::victim() {
    switch (geometry_.policy) {
        case CachePolicy::Lru:
        case CachePolicy::Fifo:
            return tail_;
        case CachePolicy::Plru: {
            std::uint32_t node = 1;
            while (node < capacity_) node = 2 * node + plru_[node];
            return static_cast<std::int32_t>(node - capacity_);
        }
        case CachePolicy::Random:
            return static_cast<std::int32_t>(rng_.below(capacity_));
    }
    return 0;
}

std::int32_t FullyAssocCache::allocate(std::uint64_t tag) {
    std::int32_t slot;
    if (used_ < capacity_) {
        slot = static_cast<std::int32_t>(used_++);
        if (geometry_.policy == CachePolicy::Lru || geometry_.policy == CachePolicy::Fifo) pushFront(slot);
    } else {
        slot = victim();
        indexErase(slots_[static_cast<std::size_t>(slot)].tag);
        if (geometry_.policy == CachePolicy::Fifo && slot != head_) {
            unlink(slot);
            pushFront(slot);
        }
    }
    slots_[static_cast<std::size_t>(slot)].tag = tag;
    slots_[static_cast<std::size_t>(slot)].sectors = 0;
    indexInsert(tag, slot);
    touch(slot);
    return slot;
}

bool FullyAssocCache::lookup(std::uint64_t address) {
    const std::int32_t slot = locate(tagOf(address));
    if (slot == kNone) return false;
    if (slot != lastSlot_) touch(slot);
    return (slots_[static_cast<std::size_t>(slot)].sectors & sectorBitOf(address)) != 0;
}

void FullyAssocCache::fill(std::uint64_t address) {
    const std::uint64_t tag = tagOf(address);
    std::int32_t slot = locate(tag);
    if (slot == kNone) slot = allocate(tag);
    else if (slot != lastSlot_) touch(slot);
    slots_[static_cast<std::size_t>(slot)].sectors |= sectorBitOf(address);
}

bool FullyAssocCache::access(std::uint64_t address) {
    const std::uint64_t tag = tagOf(address);
    const std::uint32_t bit = sectorBitOf(address);
    std::int32_t slot = locate(tag);
    if (slot == kNone) {
        slots_[static_cast<std::size_t>(allocate(tag))].sectors = bit;
        return false;
    }
    if (slot != lastSlot_) touch(slot);  // the last slot is already the most recent
    Slot& s = slots_[static_cast<std::size_t>(slot)];
    if (s.sectors & bit) return true;
    s.sectors |= bit;
    return false;
}

void FullyAssocCache::clear(std::uint64_t seed) {
    if (std::uint64_t{used_} * 16 > index_.size()) {
        std::fill(index_.begin(), index_.end(), kNone);
    } else {
        // Few lines: empty only their buckets. The scan may cross buckets emptied earlier,
        // so it runs until the slot itself, which is still indexed.
        for (std::uint32_t s = 0; s < used_; ++s) {
            std::uint64_t i = home(slots_[s].tag);
            while (index_[i] != static_cast<std::int32_t>(s)) i = (i + 1) & indexMask_;
            index_[i] = kNone;
        }
    }
    for (std::uint32_t s = 0; s < used_; ++s) slots_[s] = Slot{~0ull, 0, kNone, kNone};
    std::fill(plru_.begin(), plru_.end(), std::uint8_t{0});
    used_ = 0;
    head_ = tail_ = lastSlot_ = kNone;
    rng_ = Rng(seed);
}

std::uint64_t FullyAssocCache::linesThatFitInARow(std::uint64_t) const { return lineCount(); }

}  // namespace ts::sim_detail
