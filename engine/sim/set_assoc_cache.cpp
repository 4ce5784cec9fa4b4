#include "sim/set_assoc_cache.hpp"

#include <algorithm>
#include <bit>
#include <stdexcept>

namespace ts::sim_detail {

SetAssocCache::SetAssocCache(const CacheGeometry& geometry, std::uint64_t seed)
    : CacheSim(geometry), ways_(geometry.ways), rng_(seed) {
    if (ways_ == 0 || lineCount() % ways_ != 0) throw std::invalid_argument("SetAssocCache: bad way count");
    if (geometry.policy == CachePolicy::Plru && (!std::has_single_bit(ways_) || ways_ > 64))
        throw std::invalid_argument("SetAssocCache: plru needs 2^n ways, at most 64");
    sets_ = lineCount() / ways_;
    if (sets_ >= 2) bySets_ = FastDivisor(sets_);
    pow2Sets_ = std::has_single_bit(sets_);
    setBits_ = static_cast<unsigned>(std::bit_width(sets_ - 1));
    setMask_ = sets_ - 1;
    tags_.assign(lineCount(), kInvalid);
    sectors_.assign(lineCount(), 0);
    if (geometry.policy == CachePolicy::Lru || geometry.policy == CachePolicy::Fifo) stamps_.assign(lineCount(), 0);
    if (geometry.policy == CachePolicy::Plru) plru_.assign(sets_, 0);
    setEpoch_.assign(sets_, 0);
}

namespace {
// One line in this many goes to a set of its own hash under IndexFunction::Scrambled.
constexpr std::uint64_t kScrambledShare = 16;

std::uint64_t mix(std::uint64_t x) {  // splitmix64's finaliser
    x += 0x9e3779b97f4a7c15ull;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
    return x ^ (x >> 31);
}
}  // namespace

std::uint64_t SetAssocCache::setOf(std::uint64_t tag) const {
    if (setBits_ == 0) return 0;
    if (geometry_.index == IndexFunction::Modulo) return bySets_.remainder(tag);
    if (geometry_.index == IndexFunction::Scrambled) {
        const std::uint64_t mixed = mix(tag);
        if (mixed % kScrambledShare == 0) return bySets_.remainder(mixed >> 8);
    }
    if (pow2Sets_) {
        std::uint64_t folded = 0;
        for (std::uint64_t high = tag >> setBits_; high != 0; high >>= setBits_) folded ^= high;
        return (tag ^ folded) & setMask_;
    }
    // Other set counts: the remainder picks the set, the folded quotient rotates it.
    const std::uint64_t quotient = bySets_.quotient(tag);
    std::uint64_t folded = 0;
    for (std::uint64_t high = quotient; high != 0; high >>= setBits_) folded ^= high;
    const std::uint64_t set = (tag - quotient * sets_) + bySets_.remainder(folded);
    return set >= sets_ ? set - sets_ : set;
}

std::size_t SetAssocCache::prepareSet(std::uint64_t set) {
    const std::size_t base = static_cast<std::size_t>(set) * ways_;
    if (setEpoch_[set] != epoch_) {
        setEpoch_[set] = epoch_;
        std::fill_n(tags_.begin() + static_cast<std::ptrdiff_t>(base), ways_, kInvalid);
        if (!plru_.empty()) plru_[set] = 0;
    }
    return base;
}

std::int64_t SetAssocCache::locate(std::uint64_t tag, std::uint64_t& set) {
    if (lastIndex_ != kNone && tags_[static_cast<std::size_t>(lastIndex_)] == tag) return lastIndex_;
    set = setOf(tag);
    const std::size_t base = prepareSet(set);
    for (std::uint32_t w = 0; w < ways_; ++w)
        if (tags_[base + w] == tag) return static_cast<std::int64_t>(base + w);
    return kNone;
}

void SetAssocCache::touch(std::size_t index) {
    switch (geometry_.policy) {
        case CachePolicy::Lru:
            stamps_[index] = ++clock_;
            break;
        case CachePolicy::Plru: {
            const std::size_t set = index / ways_;
            const auto way = static_cast<std::uint32_t>(index % ways_);
            std::uint64_t bits = plru_[set];
            std::uint32_t node = 1;
            for (unsigned level = static_cast<unsigned>(std::countr_zero(ways_)); level-- > 0;) {
                const std::uint32_t right = (way >> level) & 1u;
                bits = (bits & ~(1ull << node)) | (std::uint64_t{right ^ 1u} << node);
                node = 2 * node + right;
            }
            plru_[set] = bits;
            break;
        }
        case CachePolicy::Random:
        case CachePolicy::Fifo:  // allocate() stamps a line once, when it comes in
            break;
    }
    lastIndex_ = static_cast<std::int64_t>(index);
}

std::size_t SetAssocCache::allocate(std::uint64_t tag, std::uint64_t set) {
    const std::size_t base = static_cast<std::size_t>(set) * ways_;
    std::size_t index = base + ways_;
    for (std::uint32_t w = 0; w < ways_ && index == base + ways_; ++w)
        if (tags_[base + w] == kInvalid) index = base + w;
    if (index == base + ways_) {
        switch (geometry_.policy) {
            case CachePolicy::Lru:
            case CachePolicy::Fifo:
                index = base;
                for (std::uint32_t w = 1; w < ways_; ++w)
                    if (stamps_[base + w] < stamps_[index]) index = base + w;
                break;
            case CachePolicy::Plru: {
                std::uint32_t node = 1;
                while (node < ways_) node = 2 * node + static_cast<std::uint32_t>((plru_[set] >> node) & 1u);
                index = base + (node - ways_);
                break;
            }
            case CachePolicy::Random:
                index = base + rng_.below(ways_);
                break;
        }
    }
    tags_[index] = tag;
    sectors_[index] = 0;
    if (geometry_.policy == CachePolicy::Fifo) stamps_[index] = ++clock_;
    touch(index);
    return index;
}

bool SetAssocCache::lookup(std::uint64_t address) {
    std::uint64_t set = 0;
    const std::int64_t index = locate(tagOf(address), set);
    if (index == kNone) return false;
    if (index != lastIndex_) touch(static_cast<std::size_t>(index));
    return (sectors_[static_cast<std::size_t>(index)] & sectorBitOf(address)) != 0;
}

void SetAssocCache::fill(std::uint64_t address) {
    const std::uint64_t tag = tagOf(address);
    std::uint64_t set = 0;
    std::int64_t index = locate(tag, set);
    if (index == kNone) index = static_cast<std::int64_t>(allocate(tag, set));
    else if (index != lastIndex_) touch(static_cast<std::size_t>(index));
    sectors_[static_cast<std::size_t>(index)] |= sectorBitOf(address);
}

bool SetAssocCache::access(std::uint64_t address) {
    const std::uint64_t tag = tagOf(address);
    const std::uint32_t bit = sectorBitOf(address);
    std::uint64_t set = 0;
    const std::int64_t index = locate(tag, set);
    if (index == kNone) {
        sectors_[allocate(tag, set)] = bit;
        return false;
    }
    const auto i = static_cast<std::size_t>(index);
    if (index != lastIndex_) touch(i);  // the last touched line is already the most recent
    if (sectors_[i] & bit) return true;
    sectors_[i] |= bit;
    return false;
}

void SetAssocCache::clear(std::uint64_t seed) {
    if (++epoch_ == 0) {  // wrapped: every stored epoch could look current again
        std::fill(setEpoch_.begin(), setEpoch_.end(), 0u);
        epoch_ = 1;
    }
    clock_ = 0;
    lastIndex_ = kNone;
    rng_ = Rng(seed);
}

std::uint64_t SetAssocCache::linesThatFitInARow(std::uint64_t firstAddress) const {
    std::vector<std::uint32_t> inSet(sets_, 0);
    const std::uint64_t first = tagOf(firstAddress);
    for (std::uint64_t n = 0;; ++n)
        if (++inSet[setOf(first + n)] > ways_) return n;
}

}  // namespace ts::sim_detail
