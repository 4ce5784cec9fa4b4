// Random fill: the shares of random lines that survive, measured and as each (ways, policy) would
// give them (see random_fill.hpp).
#include "analysis/random_fill.hpp"

#include "analysis/set_model.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <map>
#include <mutex>
#include <optional>
#include <random>
#include <sstream>
#include <tuple>

namespace ts {
namespace {

// Lines simulated for the reuse experiment's prediction: its shares move by some 0.005 between
// seeds, a quarter of the tolerance. The fill's are exact (each load weighted by its probability;
// a random policy's averaged over many walks of each load, lastPassHits).
constexpr std::uint64_t kModelLines = 1u << 18;

double binomialPmf(int n, double p, int k) {
    return std::exp(std::lgamma(n + 1.0) - std::lgamma(k + 1.0) - std::lgamma(n - k + 1.0) + k * std::log(p) +
                    (n - k) * std::log1p(-p));
}

// Share of the second pass that hits when each set's drawn lines are walked twice: a set draws
// each of its `candidates` lines (region / sets) with probability `drawn` (an index that spreads
// the region evenly; at random it is Poisson, nearly the same for a region many times the
// capacity), and each count's hits are weighted by its probability.
double fillShare(std::uint32_t ways, SetPolicy policy, int candidates, double drawn) {
    const double mean = candidates * drawn;
    const int most = std::min(candidates, static_cast<int>(mean + 12 * std::sqrt(mean) + 20));
    const std::vector<double> hits = lastPassHits(ways, policy, 2, most);
    double lines = 0, hit = 0;
    for (int load = 1; load <= most; ++load) {
        const double weight = binomialPmf(candidates, drawn, load);
        lines += weight * load;
        hit += weight * hits[static_cast<std::size_t>(load)];
    }
    return hit / lines;
}

// The reuse experiment in one set: its lines of A's first and second half, and of B, drawn from
// its candidates (`first`: A's lines' share of the region, `fresh`: B's), and which of A's lines
// are sampled for timing.
std::pair<double, double> reuseShares(std::uint32_t ways, SetPolicy policy, int candidates, double first,
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

std::string candidateText(const RandomFillCandidate& c, std::uint64_t scaleLines) {
    if (c.ways >= scaleLines && c.sets <= 1) return "fully associative";
    return std::to_string(c.ways) + " ways " + c.policy + " in " + std::to_string(c.sets) + " sets";
}

std::string measuredText(const RandomFillMeasurement& m) {
    std::ostringstream s;
    s.precision(3);
    for (std::size_t i = 0; i < m.fills.size(); ++i)
        s << (i ? ", " : "") << "fill " << kRandomFillFractions[i] << ": " << m.fills[i].share();
    s << "; reused half " << m.reuseFirstHalf.share() << ", other half " << m.reuseSecondHalf.share();
    return s.str();
}

// The predicted share of the fill that fits the capacity (the last: as many lines as the knee),
// with `sets` sets of `ways`.
double predictedFittingFill(const RandomFillMeasurement& m, std::uint32_t ways, SetPolicy policy, std::uint64_t sets) {
    const int candidates = static_cast<int>(std::llround(static_cast<double>(m.regionLines) / static_cast<double>(sets)));
    return fillShare(ways, policy, candidates,
                     kRandomFillFractions[kCapacityFill] * static_cast<double>(m.capacityLines) / static_cast<double>(m.regionLines));
}

// The set count of `ways` under `policy` whose capacity-fitting fill keeps the measured share:
// the share grows with the sets, so a bisection over [least, most] (none where the measured share
// lies outside what that range gives: the capacity it asks for is not one the knee allows).
std::optional<std::uint64_t> fittedSets(const RandomFillMeasurement& m, std::uint32_t ways, SetPolicy policy) {
    const double scale = static_cast<double>(m.capacityLines);
    auto lo = static_cast<std::uint64_t>(std::ceil(kLeastCapacityOfKnee * scale / ways));
    auto hi = static_cast<std::uint64_t>(std::floor(kMostCapacityOfKnee * scale / ways));
    const double measured = m.fills[kCapacityFill].share();
    const auto share = [&](std::uint64_t sets) { return predictedFittingFill(m, ways, policy, sets); };
    if (lo < 1 || lo >= hi || share(lo) > measured || share(hi) < measured) return std::nullopt;
    while (hi - lo > 1) {  // share(lo) <= measured <= share(hi)
        const std::uint64_t mid = lo + (hi - lo) / 2;
        (share(mid) <= measured ? lo : hi) = mid;
    }
    return measured - share(lo) <= share(hi) - measured ? lo : hi;
}

// Whether every fill's predicted share lies within the tolerance of the measured (fills are cheap
// to predict, the reuse is not).
bool fillsWithinTolerance(const RandomFillMeasurement& m, std::uint32_t ways, const std::string& policy, std::uint64_t sets) {
    if (sets == 1 && ways >= m.capacityLines) return true;
    const int candidates = static_cast<int>(std::llround(static_cast<double>(m.regionLines) / static_cast<double>(sets)));
    const double scaleShare = static_cast<double>(m.capacityLines) / static_cast<double>(m.regionLines);
    for (std::size_t i = 0; i < m.fills.size(); ++i)
        if (std::abs(fillShare(ways, setPolicyOf(policy), candidates, kRandomFillFractions[i] * scaleShare) - m.fills[i].share()) >
            kRandomFillTolerance)
            return false;
    return true;
}

// How the candidates' set counts are chosen: fitted to the capacity-fitting fill, or the knee's
// lines split into whole sets (the knee taken as the capacity).
enum class SetCounts { Fitted, KneeSplit };

// Each (ways, policy) with its set count, beside every measured share; those within the
// tolerance, best first. Full associativity explains when every line survived.
std::vector<RandomFillCandidate> explainingCandidates(const RandomFillMeasurement& m, SetCounts counts) {
    std::vector<double> measured;
    for (const HitCount& f : m.fills) measured.push_back(f.share());
    measured.push_back(m.reuseFirstHalf.share());
    measured.push_back(m.reuseSecondHalf.share());
    std::vector<RandomFillCandidate> explaining;
    const auto consider = [&](std::uint32_t ways, const std::string& policy, std::uint64_t sets) {
        if (!fillsWithinTolerance(m, ways, policy, sets)) return;  // the reuse's model costs some 20 ms
        const std::vector<double> predicted = predictedRandomFillShares(m, ways, policy, sets);
        RandomFillCandidate c{ways, policy, 0, sets};
        for (std::size_t i = 0; i < measured.size(); ++i) c.worstGap = std::max(c.worstGap, std::abs(measured[i] - predicted[i]));
        if (c.worstGap <= kRandomFillTolerance) explaining.push_back(c);
    };
    for (std::uint32_t w = 2; w <= kMostRandomFillWays && w < m.capacityLines; ++w) {
        for (const std::string& policy : policiesFor(w)) {
            if (counts == SetCounts::KneeSplit) {
                if (m.capacityLines % w == 0) consider(w, policy, m.capacityLines / w);
            } else if (const auto sets = fittedSets(m, w, setPolicyOf(policy))) {
                consider(w, policy, *sets);
            }
        }
    }
    consider(static_cast<std::uint32_t>(m.capacityLines), "any", 1);
    std::sort(explaining.begin(), explaining.end(), [](const auto& a, const auto& b) { return a.worstGap < b.worstGap; });
    return explaining;
}

std::string candidateList(const std::vector<RandomFillCandidate>& candidates, std::uint64_t scaleLines) {
    std::string list;
    for (const RandomFillCandidate& c : candidates) list += (list.empty() ? "" : ", ") + candidateText(c, scaleLines);
    return list;
}

bool oneWayCount(const std::vector<RandomFillCandidate>& candidates) {
    return !candidates.empty() && std::all_of(candidates.begin(), candidates.end(),
                                              [&](const auto& c) { return c.ways == candidates.front().ways; });
}

bool isFully(const RandomFillCandidate& c, const RandomFillMeasurement& m) { return c.sets == 1 && c.ways >= m.capacityLines; }

}  // namespace

bool RandomFillMeasurement::complete() const {
    return capacityLines > 0 && regionLines >= kMinRegionFactor * capacityLines && fills.size() == std::size(kRandomFillFractions) &&
           std::all_of(fills.begin(), fills.end(), [](const HitCount& f) { return f.timed > 0; }) && reuseFirstHalf.timed > 0 &&
           reuseSecondHalf.timed > 0;
}

std::vector<double> predictedRandomFillShares(const RandomFillMeasurement& m, std::uint32_t ways, const std::string& policy,
                                              std::uint64_t sets) {
    if (sets == 0) sets = std::max<std::uint64_t>(1, m.capacityLines / ways);
    if (sets == 1 && ways >= m.capacityLines)  // fully associative: every experiment's lines fit at once
        return std::vector<double>(std::size(kRandomFillFractions) + 2, 1.0);
    // A prediction depends on the geometry alone and its reuse part takes some 50 ms: the
    // associativity and the replacement policy ask for the same ones.
    static std::mutex mutex;
    static std::map<std::tuple<std::uint64_t, std::uint64_t, std::uint32_t, std::string, std::uint64_t>, std::vector<double>> known;
    const auto key = std::make_tuple(m.capacityLines, m.regionLines, ways, policy, sets);
    {
        const std::lock_guard<std::mutex> lock(mutex);
        if (const auto it = known.find(key); it != known.end()) return it->second;
    }
    std::mt19937_64 rng(0x72616e646f6d66ull ^ ways);  // fixed: a prediction is the same every time
    const int candidates = static_cast<int>(std::llround(static_cast<double>(m.regionLines) / static_cast<double>(sets)));
    const double scaleShare = static_cast<double>(m.capacityLines) / static_cast<double>(m.regionLines);
    std::vector<double> shares;
    for (double fraction : kRandomFillFractions) shares.push_back(fillShare(ways, setPolicyOf(policy), candidates, fraction * scaleShare));
    const auto [first, second] =
        reuseShares(ways, setPolicyOf(policy), candidates, kReuseFirstLines * scaleShare, kReuseNewLines * scaleShare, rng);
    shares.push_back(first);
    shares.push_back(second);
    const std::lock_guard<std::mutex> lock(mutex);
    known.emplace(key, shares);
    return shares;
}

namespace {

// Ways, sets, index and policy undecided for `why`.
RandomFillDecision undecidedFill(RandomFillDecision d, const std::string& why, double indexConfidence) {
    SetDecision& s = d.sets;
    s.indexFunction = indexConfidence > 0 ? "hashed" : "";
    s.indexConfidence = indexConfidence;
    s.indexReason = why;
    s.ways = {false, 0, 0, "random-fill", why, false, false};
    s.sets = s.ways;
    s.fittedCapacityLines = s.ways;
    d.policy = {"", 0, why};
    return d;
}

// The capacity of the fitted candidates: the middle of their range, where every one lies within
// kCapacityAgreement of it. Where the lines number the capacity, how many survive hardly depends
// on the ways, so way counts the walks cannot tell apart still agree on the capacity.
Decision fittedCapacity(const std::vector<RandomFillCandidate>& fitted, const RandomFillMeasurement& m, const std::string& measured) {
    if (fitted.empty() || std::any_of(fitted.begin(), fitted.end(), [&](const auto& c) { return isFully(c, m); }))
        return {false, 0, 0, "random-fill", "no set-associative candidate alone explains the walks" + measured, false, false};
    const auto linesOf = [](const RandomFillCandidate& c) { return static_cast<double>(c.ways) * static_cast<double>(c.sets); };
    double least = linesOf(fitted.front()), most = least;
    for (const RandomFillCandidate& c : fitted) {
        least = std::min(least, linesOf(c));
        most = std::max(most, linesOf(c));
    }
    const double middle = std::round((least + most) / 2);
    std::ostringstream range;
    range << static_cast<long long>(least) << " to " << static_cast<long long>(most) << " lines";
    const std::string list = candidateList(fitted, m.capacityLines);
    if (most > (1 + kCapacityAgreement) * middle || least < (1 - kCapacityAgreement) * middle)
        return {false, middle, 0, "random-fill", "the candidates that explain the walks hold " + range.str() + ": " + list + measured,
                false, false};
    return {true, middle, kRandomFillConfidence, "random-fill",
            "the middle of the capacities at which " + list + " keep as many random lines as survived (" + range.str() + ")" +
                measured,
            false, false};
}

// Whether the knee is the capacity as far as the fit tells: a fitted candidate of `ways` holds
// the knee's lines within kCapacityAgreement.
bool fitHoldsTheKnee(const std::vector<RandomFillCandidate>& fitted, std::uint32_t ways, const RandomFillMeasurement& m) {
    const auto knee = static_cast<double>(m.capacityLines);
    return std::any_of(fitted.begin(), fitted.end(), [&](const auto& c) {
        return c.ways == ways && std::abs(static_cast<double>(c.ways) * static_cast<double>(c.sets) - knee) <= kCapacityAgreement * knee;
    });
}

// The candidates that decide ways, sets and policy: those that split the knee into whole sets,
// where they agree on the ways and the fit of those ways holds the knee, their sets then whole;
// else the fitted ones where they agree on the ways. Empty: the ways stay undecided.
std::vector<RandomFillCandidate> structureSource(const std::vector<RandomFillCandidate>& fitted,
                                                 const std::vector<RandomFillCandidate>& kneeSplit, const RandomFillMeasurement& m) {
    if (oneWayCount(kneeSplit) && (isFully(kneeSplit.front(), m) || fitHoldsTheKnee(fitted, kneeSplit.front().ways, m)))
        return kneeSplit;
    if (oneWayCount(fitted)) return fitted;
    return {};
}

}  // namespace

RandomFillDecision decideRandomFill(const RandomFillMeasurement& m) {
    RandomFillDecision d;
    if (!m.complete())
        return undecidedFill(d,
                             m.regionLines > 0 && m.regionLines < kMinRegionFactor * m.capacityLines
                                 ? "too little memory to draw random lines from " + std::to_string(kMinRegionFactor) + " x the capacity"
                                 : "the random-fill walks did not all run",
                             0);
    const std::string measured = " (measured " + measuredText(m) + ")";
    const std::vector<RandomFillCandidate> fitted = explainingCandidates(m, SetCounts::Fitted);
    const std::vector<RandomFillCandidate> kneeSplit = explainingCandidates(m, SetCounts::KneeSplit);
    const Decision capacity = fittedCapacity(fitted, m, measured);
    d.explaining = structureSource(fitted, kneeSplit, m);
    if (d.explaining.empty()) {
        const std::string list = candidateList(fitted, m.capacityLines);
        d = undecidedFill(d, list.empty() ? "not modulo (no power-of-two stride conflicts); no way count and policy explains how "
                                            "many random lines survive" + measured
                                          : "the random lines that survive fit more than one way count: " + list + measured,
                          0.3);
        d.explaining = fitted;
        d.sets.fittedCapacityLines = capacity;
        return d;
    }
    const std::string list = candidateList(d.explaining, m.capacityLines);
    const RandomFillCandidate& best = d.explaining.front();
    const bool onePolicy = std::all_of(d.explaining.begin(), d.explaining.end(), [&](const auto& c) { return c.policy == best.policy; });
    const bool fully = isFully(best, m);
    SetDecision& s = d.sets;
    s.fittedCapacityLines = capacity;
    s.indexFunction = fully ? "fully-associative" : "hashed";
    s.indexConfidence = kRandomFillConfidence;
    s.indexReason = fully ? "no stride conflicts, and random lines up to the capacity all survive" + measured
                          : "no power-of-two stride conflicts, yet random lines below the capacity are lost as " +
                                std::to_string(best.ways) + " ways per set lose them" + measured;
    s.ways = {true, static_cast<double>(best.ways), kRandomFillConfidence, "random-fill", "fits " + list + measured, false, false};
    if (d.explaining == fitted && !fully)  // a fitted count is as precise as the survivors' share, not a count of sets
        s.sets = {true, static_cast<double>(best.sets), kFittedSetsConfidence, kRandomFillSetsMethod,
                  "fitted to how many random lines survive, not counted: about as precise as the capacity (" + capacity.reason + ")",
                  false, false};
    else
        s.sets = {true, static_cast<double>(best.sets), kRandomFillConfidence, "size/(ways x line)",
                  fully ? "ways from the random fill" : "the knee's lines over the ways, the knee being the capacity the random fill fitted",
                  false, false};
    if (d.explaining == kneeSplit && !fully)  // the knee is the capacity, as the fit of these ways confirms
        s.fittedCapacityLines = {true, static_cast<double>(m.capacityLines), kRandomFillConfidence, "random-fill",
                                 "the contiguous knee's lines, which " + list +
                                     " explains as the capacity, and which the fit of those ways holds within 2 %" + measured,
                                 false, false};
    if (onePolicy && !fully) d.policy = {best.policy, kRandomFillConfidence, "random-fill: only " + list + " explains the lines that survive" + measured};
    else d.policy = {"", 0, "the random lines that survive fit " + list + measured};
    return d;
}

}  // namespace ts
