#pragma once
// One cache set under a replacement policy, as the set-structure analyses model it: the random
// fill (random lines, Poisson shares per set) and the even spread (a contiguous array's equal
// shares per set) walk their predicted lines through it.
#include <algorithm>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

namespace ts {

enum class SetPolicy { Lru, Fifo, Plru, Random };

inline SetPolicy setPolicyOf(const std::string& name) {
    return name == "lru" ? SetPolicy::Lru : name == "fifo" ? SetPolicy::Fifo : name == "plru" ? SetPolicy::Plru : SetPolicy::Random;
}

// The policies a set of `ways` may have (a tree-PLRU's ways are a power of two).
inline std::vector<std::string> policiesFor(std::uint32_t ways) {
    std::vector<std::string> policies{"lru", "fifo", "random"};
    if ((ways & (ways - 1)) == 0) policies.push_back("plru");
    return policies;
}

// One set of `ways` lines under a replacement policy. Empty ways fill first, lowest first. Lines
// are small non-negative numbers; where each one sits is kept by number, since a prediction
// walks millions of lines through it.
class SetModel {
public:
    SetModel(std::uint32_t ways, SetPolicy policy, std::mt19937_64& rng)
        : policy_(policy), rng_(rng), lines_(ways, -1), stamps_(ways, 0), tree_(ways, 0) {}

    void empty() {
        for (std::size_t way = 0; way < filled_; ++way) wayOf_[static_cast<std::size_t>(lines_[way])] = kAbsent;
        std::fill(lines_.begin(), lines_.end(), -1);
        std::fill(tree_.begin(), tree_.end(), 0);
        filled_ = 0;
    }
    bool access(int line) {
        ++clock_;
        const auto number = static_cast<std::size_t>(line);
        if (number >= wayOf_.size()) wayOf_.resize(std::max(number + 1, 2 * wayOf_.size()), kAbsent);
        if (wayOf_[number] != kAbsent) {
            touch(wayOf_[number], false);
            return true;
        }
        const std::size_t way = filled_ < lines_.size() ? filled_++ : victim();
        if (lines_[way] >= 0) wayOf_[static_cast<std::size_t>(lines_[way])] = kAbsent;
        lines_[way] = line;
        wayOf_[number] = way;
        touch(way, true);
        return false;
    }

private:
    void touch(std::size_t way, bool filled) {
        if (policy_ == SetPolicy::Lru || (policy_ == SetPolicy::Fifo && filled)) stamps_[way] = clock_;
        if (policy_ == SetPolicy::Plru) {  // every node on the way's path points away from it
            std::size_t node = 1;
            for (std::uint32_t half = static_cast<std::uint32_t>(lines_.size()) / 2; half > 0; half /= 2) {
                const bool right = (way & half) != 0;
                tree_[node] = right ? 0 : 1;
                node = 2 * node + (right ? 1 : 0);
            }
        }
    }
    std::size_t victim() {
        if (policy_ == SetPolicy::Random) return std::uniform_int_distribution<std::size_t>(0, lines_.size() - 1)(rng_);
        if (policy_ == SetPolicy::Plru) {
            std::size_t node = 1, way = 0;
            for (std::uint32_t half = static_cast<std::uint32_t>(lines_.size()) / 2; half > 0; half /= 2) {
                const bool right = tree_[node] != 0;
                if (right) way += half;
                node = 2 * node + (right ? 1 : 0);
            }
            return way;
        }
        return static_cast<std::size_t>(std::min_element(stamps_.begin(), stamps_.end()) - stamps_.begin());
    }

    SetPolicy policy_;
    std::mt19937_64& rng_;
    std::vector<int> lines_;
    std::vector<std::uint64_t> stamps_;
    std::vector<std::uint8_t> tree_;  // node 1 is the root; 1 = the victim is on the right
    std::uint64_t clock_ = 0;
    std::size_t filled_ = 0;                  // ways 0..filled_-1 hold a line
    static constexpr std::size_t kAbsent = ~std::size_t{0};
    std::vector<std::size_t> wayOf_;          // by line number: its way, or kAbsent
};

// Hits in the last of `passes` walks over `load` lines of one set, for load = 0..upTo (a random
// policy's averaged over 64 walks from a fixed seed: a prediction is the same every time). The
// random fill asks for two passes (fill, then timed), the even spread for three (the size sweep's
// rows are warmed twice). A copy: the table behind it grows while other threads ask.
std::vector<double> lastPassHits(std::uint32_t ways, SetPolicy policy, int passes, int upTo);

}  // namespace ts
