// Random fill: the shares of random lines that survive, measured and as each (ways, policy) would
// give them (see random_fill.hpp).
#include "analysis/random_fill.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <map>
#include <mutex>
#include <random>
#include <sstream>
#include <tuple>

namespace ts {
namespace {

enum class Policy { Lru, Fifo, Plru, Random };

Policy policyOf(const std::string& name) {
    return name == "lru" ? Policy::Lru : name == "fifo" ? Policy::Fifo : name == "plru" ? Policy::Plru : Policy::Random;
}

// One set of `ways` lines under a replacement policy. Empty ways fill first, lowest first.
class SetModel {
public:
    SetModel(std::uint32_t ways, Policy policy, std::mt19937_64& rng)
        : policy_(policy), rng_(rng), lines_(ways, -1), stamps_(ways, 0), tree_(ways, 0) {}

    void empty() {
        std::fill(lines_.begin(), lines_.end(), -1);
        std::fill(tree_.begin(), tree_.end(), 0);
    }
    bool access(int line) {
        ++clock_;
        const auto found = std::find(lines_.begin(), lines_.end(), line);
        if (found != lines_.end()) {
            touch(static_cast<std::size_t>(found - lines_.begin()), false);
            return true;
        }
        const auto free = std::find(lines_.begin(), lines_.end(), -1);
        const std::size_t way = free != lines_.end() ? static_cast<std::size_t>(free - lines_.begin()) : victim();
        lines_[way] = line;
        touch(way, true);
        return false;
    }

private:
    void touch(std::size_t way, bool filled) {
        if (policy_ == Policy::Lru || (policy_ == Policy::Fifo && filled)) stamps_[way] = clock_;
        if (policy_ == Policy::Plru) {  // every node on the way's path points away from it
            std::size_t node = 1;
            for (std::uint32_t half = static_cast<std::uint32_t>(lines_.size()) / 2; half > 0; half /= 2) {
                const bool right = (way & half) != 0;
                tree_[node] = right ? 0 : 1;
                node = 2 * node + (right ? 1 : 0);
            }
        }
    }
    std::size_t victim() {
        if (policy_ == Policy::Random) return std::uniform_int_distribution<std::size_t>(0, lines_.size() - 1)(rng_);
        if (policy_ == Policy::Plru) {
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

    Policy policy_;
    std::mt19937_64& rng_;
    std::vector<int> lines_;
    std::vector<std::uint64_t> stamps_;
    std::vector<std::uint8_t> tree_;  // node 1 is the root; 1 = the victim is on the right
    std::uint64_t clock_ = 0;
};

// Lines simulated for the reuse experiment's prediction: its shares move by some 0.005 between
// seeds, a quarter of the tolerance. The fill's are exact (each load weighted by its probability),
// a random policy's averaged over this many walks of each load.
constexpr std::uint64_t kModelLines = 1u << 18;
constexpr int kRandomTrials = 64;

// A set's share of the region: `candidates` lines (region / sets), each drawn with probability
// `drawn` (an index that spreads the region evenly; at random it is Poisson, nearly the same for
// a region many times the capacity).
struct SetShare {
    int candidates = 0;
    double drawn = 0;
};

double binomialPmf(int n, double p, int k) {
    return std::exp(std::lgamma(n + 1.0) - std::lgamma(k + 1.0) - std::lgamma(n - k + 1.0) + k * std::log(p) +
                    (n - k) * std::log1p(-p));
}

// Share of the second pass that hits when a set's drawn lines are walked twice: each load's hits
// weighted by its probability (a random policy's averaged over kRandomTrials walks).
double fillShare(std::uint32_t ways, Policy policy, SetShare share, std::mt19937_64& rng) {
    const double mean = share.candidates * share.drawn;
    const int most = std::min(share.candidates, static_cast<int>(mean + 12 * std::sqrt(mean) + 20));
    const int trials = policy == Policy::Random ? kRandomTrials : 1;
    SetModel set(ways, policy, rng);
    double lines = 0, hits = 0;
    for (int load = 1; load <= most; ++load) {
        const double weight = binomialPmf(share.candidates, share.drawn, load);
        double hitsOfLoad = 0;
        for (int trial = 0; trial < trials; ++trial) {
            set.empty();
            for (int i = 0; i < load; ++i) set.access(i);
            for (int i = 0; i < load; ++i) hitsOfLoad += set.access(i) ? 1 : 0;
        }
        lines += weight * load;
        hits += weight * hitsOfLoad / trials;
    }
    return hits / lines;
}

// The reuse experiment in one set: its lines of A's first and second half, and of B, drawn from
// its candidates (`first`: A's lines' share of the region, `fresh`: B's), and which of A's lines
// are sampled for timing.
std::pair<double, double> reuseShares(std::uint32_t ways, Policy policy, int candidates, double first,
                                      double fresh, std::mt19937_64& rng) {
    std::bernoulli_distribution sampled(1.0 / kReuseSampleStep);
    HitCount firstHalf, secondHalf;
    SetModel set(ways, policy, rng);
    while (firstHalf.timed + secondHalf.timed < static_cast<double>(kModelLines) / kReuseSampleStep) {
        const int a1 = std::binomial_distribution<int>(candidates, first / 2)(rng);
        const int a2 = std::binomial_distribution<int>(candidates - a1, first / 2 / (1 - first / 2))(rng);
        const int b = std::binomial_distribution<int>(candidates - a1 - a2, fresh / (1 - first))(rng);
        set.empty();
        for (int i = 0; i < a1 + a2; ++i) set.access(i);
        for (int i = 0; i < a1; ++i) set.access(i);
        for (int i = 0; i < b; ++i) set.access(a1 + a2 + i);
        for (int i = 0; i < a1 + a2; ++i) {
            if (!sampled(rng)) continue;
            HitCount& half = i < a1 ? firstHalf : secondHalf;
            half.timed += 1;
            half.hits += set.access(i) ? 1 : 0;
        }
    }
    return {firstHalf.share(), secondHalf.share()};
}

std::vector<std::string> policiesFor(std::uint32_t ways) {
    std::vector<std::string> policies{"lru", "fifo", "random"};
    if (std::has_single_bit(ways)) policies.push_back("plru");
    return policies;
}

std::string candidateText(const RandomFillCandidate& c, std::uint64_t capacityLines) {
    return c.ways == capacityLines ? std::string("fully associative") : std::to_string(c.ways) + " ways " + c.policy;
}

std::string measuredText(const RandomFillMeasurement& m) {
    std::ostringstream s;
    s.precision(3);
    for (std::size_t i = 0; i < m.fills.size(); ++i)
        s << (i ? ", " : "") << "fill " << kRandomFillFractions[i] << ": " << m.fills[i].share();
    s << "; reused half " << m.reuseFirstHalf.share() << ", other half " << m.reuseSecondHalf.share();
    return s.str();
}

// The shares of each candidate set beside the measured; those within the tolerance, best first.
std::vector<RandomFillCandidate> explainingCandidates(const RandomFillMeasurement& m) {
    std::vector<double> measured;
    for (const HitCount& f : m.fills) measured.push_back(f.share());
    measured.push_back(m.reuseFirstHalf.share());
    measured.push_back(m.reuseSecondHalf.share());
    std::vector<std::uint32_t> wayCounts;
    for (std::uint32_t w = 2; w <= 64 && w < m.capacityLines; ++w)
        if (m.capacityLines % w == 0) wayCounts.push_back(w);
    std::vector<RandomFillCandidate> explaining;
    const auto consider = [&](std::uint32_t ways, const std::string& policy) {
        const std::vector<double> predicted = predictedRandomFillShares(m, ways, policy);
        RandomFillCandidate c{ways, policy, 0};
        for (std::size_t i = 0; i < measured.size(); ++i) c.worstGap = std::max(c.worstGap, std::abs(measured[i] - predicted[i]));
        if (c.worstGap <= kRandomFillTolerance) explaining.push_back(c);
    };
    for (std::uint32_t w : wayCounts)
        for (const std::string& policy : policiesFor(w)) consider(w, policy);
    consider(static_cast<std::uint32_t>(m.capacityLines), "any");
    std::sort(explaining.begin(), explaining.end(), [](const auto& a, const auto& b) { return a.worstGap < b.worstGap; });
    return explaining;
}

}  // namespace

bool RandomFillMeasurement::complete() const {
    return capacityLines > 0 && regionLines >= kMinRegionFactor * capacityLines && fills.size() == std::size(kRandomFillFractions) &&
           std::all_of(fills.begin(), fills.end(), [](const HitCount& f) { return f.timed > 0; }) && reuseFirstHalf.timed > 0 &&
           reuseSecondHalf.timed > 0;
}

std::vector<double> predictedRandomFillShares(const RandomFillMeasurement& m, std::uint32_t ways, const std::string& policy) {
    if (ways >= m.capacityLines)  // fully associative: every experiment's lines fit at once
        return std::vector<double>(std::size(kRandomFillFractions) + 2, 1.0);
    // A prediction depends on the geometry alone and takes some 50 ms: the associativity and the
    // replacement policy ask for the same ones.
    static std::mutex mutex;
    static std::map<std::tuple<std::uint64_t, std::uint64_t, std::uint32_t, std::string>, std::vector<double>> known;
    const auto key = std::make_tuple(m.capacityLines, m.regionLines, ways, policy);
    {
        const std::lock_guard<std::mutex> lock(mutex);
        if (const auto it = known.find(key); it != known.end()) return it->second;
    }
    std::mt19937_64 rng(0x72616e646f6d66ull ^ ways);  // fixed: a prediction is the same every time
    const double sets = static_cast<double>(m.capacityLines) / ways;
    const int candidates = static_cast<int>(std::llround(static_cast<double>(m.regionLines) / sets));
    const double capacityShare = static_cast<double>(m.capacityLines) / static_cast<double>(m.regionLines);
    std::vector<double> shares;
    for (double fraction : kRandomFillFractions)
        shares.push_back(fillShare(ways, policyOf(policy), SetShare{candidates, fraction * capacityShare}, rng));
    const auto [first, second] =
        reuseShares(ways, policyOf(policy), candidates, kReuseFirstLines * capacityShare, kReuseNewLines * capacityShare, rng);
    shares.push_back(first);
    shares.push_back(second);
    const std::lock_guard<std::mutex> lock(mutex);
    known.emplace(key, shares);
    return shares;
}

RandomFillDecision decideRandomFill(const RandomFillMeasurement& m) {
    RandomFillDecision d;
    SetDecision& s = d.sets;
    if (!m.complete()) {
        s.indexReason = m.regionLines > 0 && m.regionLines < kMinRegionFactor * m.capacityLines
                            ? "too little memory to draw random lines from " + std::to_string(kMinRegionFactor) + " x the capacity"
                            : "the random-fill walks did not all run";
        s.ways = {false, 0, 0, "random-fill", s.indexReason, false, false};
        s.sets = s.ways;
        d.policy = {"", 0, s.indexReason};
        return d;
    }
    d.explaining = explainingCandidates(m);
    const std::string measured = " (measured " + measuredText(m) + ")";
    if (d.explaining.empty()) {
        s.indexFunction = "hashed";
        s.indexConfidence = 0.3;
        s.indexReason = "not modulo (no power-of-two stride conflicts); no way count and policy explains how many random lines "
                        "survive" + measured;
        s.ways = {false, 0, 0, "random-fill", s.indexReason, false, false};
        s.sets = s.ways;
        d.policy = {"", 0, s.indexReason};
        return d;
    }
    std::string list;
    for (const RandomFillCandidate& c : d.explaining) list += (list.empty() ? "" : ", ") + candidateText(c, m.capacityLines);
    const RandomFillCandidate& best = d.explaining.front();
    const bool oneWayCount = std::all_of(d.explaining.begin(), d.explaining.end(), [&](const auto& c) { return c.ways == best.ways; });
    const bool onePolicy = std::all_of(d.explaining.begin(), d.explaining.end(), [&](const auto& c) { return c.policy == best.policy; });
    const bool fully = best.ways == m.capacityLines;
    if (!oneWayCount) {
        s.indexFunction = "hashed";
        s.indexConfidence = 0.3;
        s.indexReason = "the random lines that survive fit more than one way count: " + list + measured;
        s.ways = {false, 0, 0, "random-fill", s.indexReason, false, false};
        s.sets = s.ways;
        d.policy = {"", 0, s.indexReason};
        return d;
    }
    const double ways = best.ways;
    s.indexFunction = fully ? "fully-associative" : "hashed";
    s.indexConfidence = 0.7;
    s.indexReason = fully ? "no stride conflicts, and random lines up to the capacity all survive" + measured
                          : "no power-of-two stride conflicts, yet random lines below the capacity are lost as " +
                                std::to_string(best.ways) + " ways per set lose them" + measured;
    s.ways = {true, ways, 0.7, "random-fill", "fits " + list + measured, false, false};
    s.sets = {true, static_cast<double>(m.capacityLines) / ways, 0.7, "size/(ways x line)", "ways from the random fill", false, false};
    if (onePolicy && !fully) d.policy = {best.policy, 0.7, "random-fill: only " + list + " explains the lines that survive" + measured};
    else d.policy = {"", 0, "the random lines that survive fit " + list + measured};
    return d;
}

}  // namespace ts
