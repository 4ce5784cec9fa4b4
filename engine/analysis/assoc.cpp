#include "analysis/assoc.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <iterator>
#include <set>

#include "analysis/random_fill.hpp"

namespace ts {

double missThreshold(double hitLatency, double missLatency) {
    return std::sqrt(std::max(1.0, hitLatency) * std::max(1.0, missLatency));
}

double missShare(const std::vector<std::uint32_t>& latencies, double threshold) {
    if (latencies.empty()) return 0;
    const auto misses = std::count_if(latencies.begin(), latencies.end(), [&](std::uint32_t l) { return l > threshold; });
    return static_cast<double>(misses) / static_cast<double>(latencies.size());
}

namespace {

// "7, 8, 9": the numbers of a list or set, for reasons.
template <class Numbers>
std::string numberList(const Numbers& numbers) {
    std::string out;
    for (const auto n : numbers) out += (out.empty() ? "" : ", ") + std::to_string(n);
    return out;
}

// Which address bits the index reads, as far as the flips of one line's bits tell.
std::string indexBitsText(const SetProbe& p) {
    if (p.bitsMovingSet.empty() && p.bitsKeepingSet.empty()) return "";
    std::string text = "; flipping address bit";
    if (p.bitsKeepingSet.empty()) return text + " " + numberList(p.bitsMovingSet) + " of a line of the set moves it to another set, each";
    text += " " + numberList(p.bitsKeepingSet) + " keeps a line in its set (strides of 2^bit bytes conflict there)";
    if (!p.bitsMovingSet.empty()) text += ", bit " + numberList(p.bitsMovingSet) + " moves it";
    return text;
}

// Pairs of bits that cancel: for an XOR index they feed one index bit (a fold).
std::string bitPairsText(const SetProbe& p) {
    if (!p.pairsTested) return "";
    if (p.bitPairsKeepingSet.empty()) return "; no two of those bits flipped together keep it in its set";
    std::string pairs;
    for (const auto& [a, b] : p.bitPairsKeepingSet) pairs += (pairs.empty() ? "" : ", ") + std::to_string(a) + "+" + std::to_string(b);
    return "; flipped together, bits " + pairs + " keep it in its set (an XOR index folds each pair onto one index bit)";
}

// Ways and sets of a hashed index: from the eviction set when one was found.
void hashedWays(const SetProbe& p, double lines, SetDecision& d) {
    if (p.conflictWays == 0) {
        const std::string why = p.searchSkipped
                                    ? "set index not modulo, and the cache is too large for the eviction-set search"
                                    : "set index not modulo: no stride isolates one set, and no eviction set was found";
        d.ways = {false, 0, 0, "eviction-set", why, false, false};
        d.sets = {false, 0, 0, "size/(ways x line)", why, false, false};
        return;
    }
    if (p.conflictContradicted) {
        const std::string why = "the " + std::to_string(p.conflictWays + 1) +
                                " lines that evicted the target in the pool test all fit when walked alone: the eviction "
                                "was no conflict within one set";
        d.ways = {false, 0, 0, "eviction-set", why, false, false};
        d.sets = {false, 0, 0, "size/(ways x line)", why, false, false};
        return;
    }
    const double confidence = p.conflictConfirmed ? 0.8 : 0.4;
    d.ways = {true, static_cast<double>(p.conflictWays), confidence, "eviction-set",
              p.conflictConfirmed ? "" : "one line fewer still evicted the target, or the set's lines did not fit alone", false, false};
    const std::string ways = std::to_string(p.conflictWays) + " ways";
    // Lines packed in one by one until every set turned one away are W x sets however unevenly
    // the index spreads consecutive lines; a cache holds at least the longest run that fits.
    if (p.packedLines > 0 && p.packedLines % p.conflictWays == 0 && p.packedLines >= p.consecutiveFit) {
        std::string why = std::to_string(p.packedLines) + " lines held at once, packed one by one (each kept while all "
                          "kept lines still hit), over " + ways;
        if (p.packedLines != static_cast<std::uint64_t>(lines))
            why += "; the size benchmark's knee reads " + std::to_string(static_cast<std::uint64_t>(lines)) + " lines";
        d.sets = {true, static_cast<double>(p.packedLines / p.conflictWays), std::min(confidence, 0.7), kPackedLinesMethod, why,
                  false, false};
        return;
    }
    const std::string packed =
        p.packedLines > 0 ? "; " + std::to_string(p.packedLines) + " lines packed one by one, no whole number of sets of " + ways
                          : "";
    // The lines a long stream leaves in the cache, counted walking it back, are W x sets however
    // unevenly the index spreads consecutive lines: where the streams agree on a whole number of
    // sets that holds what the size sweep and the consecutive run saw fit, that is the count (the
    // same in every run). A cache holds at least what fits in it: a smaller count is no set count.
    const auto resident = static_cast<double>(p.residentLines);
    if (p.residentLines > 0 && p.residentLines % p.conflictWays == 0 && p.residentLines >= p.consecutiveFit &&
        resident >= lines && resident <= 1.25 * lines) {
        std::string why = std::to_string(p.residentLines) + " lines of a stream of several times the capacity hit when "
                          "it is walked back newest first (each set's newest lines; three stream lengths agree), over " + ways;
        if (p.residentLines != static_cast<std::uint64_t>(lines))
            why += "; the size benchmark's knee reads " + std::to_string(static_cast<std::uint64_t>(lines)) + " lines";
        d.sets = {true, resident / p.conflictWays, std::min(confidence, 0.7), kResidentLinesMethod, why, false, false};
        return;
    }
    // Where the longest run of consecutive lines that fits is the capacity, the index spreads
    // them evenly and the run counts the sets exactly, the same in every run. A run well short of
    // the capacity (the H100's L1: 1864 lines of about 1956) says the spread is uneven: then the
    // run is no set count, and the count stays derived from the capacity.
    const bool evenRun = p.consecutiveFit > 0 && static_cast<double>(p.consecutiveFit) >= 0.98 * lines &&
                         p.consecutiveFit % p.conflictWays == 0;
    if (evenRun) {
        d.sets = {true, static_cast<double>(p.consecutiveFit / p.conflictWays), std::min(confidence, 0.7), kConsecutiveFitMethod,
                  std::to_string(p.consecutiveFit) + " consecutive lines fit and one more does not, over " + ways, false, false};
        return;
    }
    // The run still bounds the count from below: it fits with at most `ways` lines in any set.
    const std::string run = p.consecutiveFit > 0 ? "; at least " + std::to_string(p.consecutiveFit / p.conflictWays) +
                                                       " sets: the longest run of consecutive lines that fits is " +
                                                       std::to_string(p.consecutiveFit) +
                                                       " lines (the index spreads consecutive lines unevenly)"
                                                 : "";
    // The measured capacity shared out over the ways: it moves with the capacity (a few lines
    // between runs make a set or two).
    std::string streams;
    if (p.residentLines == 0 && p.residentCounts.size() > 1)
        streams = "; streams of " + std::string(p.residentCounts.size() == 2 ? "3 and 4" : "3, 4 and 5") +
                  " x the capacity leave " + numberList(p.residentCounts) +
                  " lines resident: the policy keeps no fixed lines of a stream, so they count no sets";
    else if (p.residentLines > 0)
        streams = "; three streams leave " + std::to_string(p.residentLines) +
                  " lines resident, which count no sets: no whole number of sets that holds what the size sweep and "
                  "the consecutive run saw fit";
    const double sets = lines / p.conflictWays;
    const bool whole = sets == std::floor(sets);
    d.sets = {whole, whole ? sets : 0, whole ? std::min(confidence, 0.6) : 0, "size/(ways x line)",
              whole ? "derived: " + std::to_string(static_cast<std::uint64_t>(lines)) + " lines of measured capacity over " +
                          ways + "; a hashed index hides the set count, so it moves with the capacity" + run + packed + streams
                    : "the capacity does not split into whole sets of that many ways" + run + packed + streams,
              false, false};
}

}  // namespace

SetDecision decideSets(const SetProbe& p, std::uint64_t capacityLines) {
    SetDecision d;
    d.randomVictims = p.randomVictims;
    const auto lines = static_cast<double>(capacityLines);
    if (p.waysPlateau > 0 && !p.capacityBound && p.plateauConfirmed) {
        // At most 0.8: a hashed index whose bits skip the stride's reads like modulo here, and the
        // calibration slice found a quarter of these verdicts wrong (docs/calibration.md).
        d.indexFunction = "modulo";
        d.indexConfidence = 0.8;
        d.indexReason = "lines at a stride of the whole size conflict in one set";
        const double sets = lines / p.waysPlateau;
        d.ways = {true, static_cast<double>(p.waysPlateau), 0.9, "stride-plateau", "", false, false};
        const bool whole = sets == std::floor(sets) && sets >= 1;
        d.sets = {whole, whole ? sets : 0, whole ? 0.8 : 0, "size/(ways x line)",
                  whole ? "" : "the capacity does not split into whole sets of that many ways", false, false};
        return d;
    }
    if (p.capacityBound && p.randomLinesFit) {
        d.indexFunction = "fully-associative";
        d.indexConfidence = 0.8;
        d.indexReason = "no stride conflicts and 90% of the capacity in scattered lines all hit";
        d.ways = {true, lines, 0.8, "scattered-lines", "every line may hold any address", false, false};
        d.sets = {true, 1, 0.8, "scattered-lines", "", false, false};
        return d;
    }
    if (p.randomFill.complete()) return decideRandomFill(p.randomFill).sets;  // measured only where no set was found
    if (p.capacityBound && p.tooLargeToScatter) {
        d.indexFunction = "hashed";
        d.indexConfidence = 0.3;
        d.indexReason = "not modulo (no power-of-two stride conflicts); too large for the scattered walk that "
                        "tells a hashed index from full associativity";
        hashedWays(p, lines, d);
        return d;
    }
    if (p.capacityBound || p.waysPlateau > 0) {
        d.indexFunction = "hashed";
        d.indexConfidence = p.capacityBound ? 0.8 : 0.6;
        d.indexReason = p.capacityBound
                            ? "lines at a power-of-two stride of the whole size do not conflict as modulo indexing would, "
                              "yet scattered lines below the capacity miss"
                            : std::to_string(p.waysPlateau) + " lines fit at a stride of the whole size, but not twice as "
                              "many at half that stride: the conflicts do not follow modulo indexing";
        d.indexReason += indexBitsText(p) + bitPairsText(p);
        hashedWays(p, lines, d);
        return d;
    }
    d.indexReason = "no line fitted at the size stride";
    d.ways = {false, 0, 0, "stride-plateau", d.indexReason, false, false};
    d.sets = d.ways;
    return d;
}

int treePlruVictim(std::uint32_t ways, const std::vector<int>& order) {
    if (!std::has_single_bit(ways) || ways < 2) return -1;
    std::vector<int> bits(ways, 0);  // nodes 1..ways-1: 1 = victim on the right
    const auto levels = static_cast<unsigned>(std::countr_zero(ways));
    for (int way : order) {
        std::uint32_t node = 1;
        for (unsigned level = levels; level-- > 0;) {
            const auto right = (static_cast<std::uint32_t>(way) >> level) & 1u;
            bits[node] = static_cast<int>(right ^ 1u);
            node = 2 * node + right;
        }
    }
    std::uint32_t node = 1;
    while (node < ways) node = 2 * node + static_cast<std::uint32_t>(bits[node]);
    return static_cast<int>(node - ways);
}

namespace {

// The policy whose order gives up line `victim` after lines 0..ways-1, line 0 again and a new
// line: LRU line 1, FIFO line 0, a pseudo-LRU tree the line it points at; another line: other.
// `sure`: the confidence of a named policy; `note` ends each reason.
PolicyDecision policyOfVictim(int victim, std::uint32_t ways, double sure, const std::string& note) {
    std::vector<int> order;
    for (std::uint32_t w = 0; w < ways; ++w) order.push_back(static_cast<int>(w));
    order.push_back(0);
    PolicyDecision d;
    d.confidence = sure;
    if (victim == 1) d.policy = "lru", d.reason = "the least recently used line went (line 1; line 0 was reused)" + note;
    else if (victim == 0) d.policy = "fifo", d.reason = "the first line in went although it was reused last" + note;
    else if (victim == treePlruVictim(ways, order))
        d.policy = "plru", d.reason = "the line a pseudo-LRU tree points at went (line " + std::to_string(victim) + ")" + note;
    else
        d.policy = "other", d.confidence = 0.6,
        d.reason = "line " + std::to_string(victim) + " went every time: no LRU, FIFO or tree pseudo-LRU order" + note;
    return d;
}

// Repetitions in which each probed line was gone.
std::vector<long> timesGone(const std::vector<std::vector<bool>>& evicted) {
    std::vector<long> gone;
    for (const auto& probe : evicted) gone.push_back(std::count(probe.begin(), probe.end(), true));
    return gone;
}

}  // namespace

PolicyDecision decidePolicy(const std::vector<std::vector<bool>>& evicted, std::uint32_t ways) {
    PolicyDecision d;
    if (evicted.size() != ways || ways < 2 || evicted.front().empty()) {
        d.reason = "needs the way count and one probe per way";
        return d;
    }
    const auto reps = static_cast<long>(evicted.front().size());
    const std::vector<long> gone = timesGone(evicted);
    const auto top = static_cast<std::size_t>(std::max_element(gone.begin(), gone.end()) - gone.begin());
    long total = 0;
    for (long g : gone) total += g;
    const long others = total - gone[top];
    // A delayed load reads as a miss: allow about one in 32 probes to be one.
    const long spurious = std::max<long>(1, static_cast<long>(ways) * reps / 32);
    if (gone[top] >= reps - 1 && others <= spurious) return policyOfVictim(static_cast<int>(top), ways, 0.9, "");
    if (gone[top] <= reps / 2 + 1 && total >= reps / 2 && others >= 2) {
        d.policy = "random";
        d.confidence = 0.8;
        d.reason = "the same sequence evicted different lines in different repetitions (" + std::to_string(total) +
                   " evictions over " + std::to_string(ways) + " probes)";
        return d;
    }
    d.reason = "no line was evicted consistently, nor did the victims vary like random replacement";
    return d;
}

PolicyDecision decideFullyAssociativePolicy(const std::vector<std::uint32_t>& probed, const std::vector<std::vector<bool>>& evicted,
                                            std::uint32_t ways) {
    PolicyDecision d;
    if (probed.empty() || evicted.size() != probed.size() || evicted.front().empty() || ways < 2) {
        d.reason = "needs the line count and the probed lines";
        return d;
    }
    const auto reps = static_cast<long>(evicted.front().size());
    const std::vector<long> gone = timesGone(evicted);
    const auto top = static_cast<std::size_t>(std::max_element(gone.begin(), gone.end()) - gone.begin());
    long others = 0;
    for (std::size_t k = 0; k < gone.size(); ++k) others += k == top ? 0 : gone[k];
    const std::string lines = std::to_string(probed.size()) + " of " + std::to_string(ways) + " lines probed";
    if (gone[top] >= std::max<long>(1, reps - 1) && others <= 1)
        return policyOfVictim(static_cast<int>(probed[top]), ways, 0.8, "; " + lines);
    d.reason = gone[top] == 0 ? "none of the probed lines went (random replacement, or an order the probes miss); " + lines
                              : "no probed line went consistently; " + lines;
    return d;
}

PairStats pairStats(const std::vector<std::uint32_t>& latencies, double threshold) {
    PairStats s;
    const std::size_t pairs = latencies.size() / 2;
    s.pairs = pairs;
    if (pairs == 0) return s;
    std::vector<double> deltas;
    std::vector<std::uint32_t> again;
    long slower = 0, faster = 0;
    for (std::size_t k = 0; k < pairs; ++k) {
        const double d = static_cast<double>(latencies[2 * k]) - static_cast<double>(latencies[2 * k + 1]);
        deltas.push_back(d);
        again.push_back(latencies[2 * k + 1]);
        slower += d > threshold;
        faster += d < -threshold;
    }
    // A delayed load is as likely to be the second of a pair as the first: subtracting the pairs
    // that came out faster removes them from the count on average.
    s.missFraction = std::clamp(static_cast<double>(slower - faster) / static_cast<double>(pairs), 0.0, 1.0);
    const auto mid = deltas.begin() + static_cast<long>(pairs / 2);
    std::nth_element(deltas.begin(), mid, deltas.end());
    s.medianDelta = *mid;
    const auto midAgain = again.begin() + static_cast<long>(pairs / 2);
    std::nth_element(again.begin(), midAgain, again.end());
    s.again = *midAgain;
    return s;
}

std::uint64_t pageFromMissFraction(std::uint64_t stride, double missFraction) {
    if (missFraction <= 0 || stride == 0) return 0;
    const double page = static_cast<double>(stride) / std::min(1.0, missFraction);
    return std::uint64_t{1} << static_cast<int>(std::lround(std::log2(page)));
}

namespace {
double medianOfRange(const std::vector<double>& v, std::size_t from, std::size_t to) {
    std::vector<double> part(v.begin() + static_cast<long>(from), v.begin() + static_cast<long>(to));
    const auto mid = part.begin() + static_cast<long>(part.size() / 2);
    std::nth_element(part.begin(), mid, part.end());
    return *mid;
}
}  // namespace

// Levels are compared by the median of each plateau's rows, not by one row: a single walk's
// median moves by a few cycles with the noise. Above a plateau of misses the noise grows with
// the miss cost (page walks: the H100's walks that all miss its last level give medians of 97 to
// 112 cycles), so a step must also add a quarter of the plateau's own cost.
std::vector<TlbStep> tlbSteps(const std::vector<std::uint64_t>& pages, const std::vector<double>& medians, double minStep) {
    std::vector<TlbStep> steps;
    const std::size_t n = medians.size();
    if (pages.size() != n || n < 2) return steps;
    auto stepAbove = [&](double plateau) { return std::max(minStep, 0.25 * plateau); };
    // A walk of one page gives the median of a few pairs (on the H100 -7 to 4 cycles): no plateau
    // rests on it, and a step needs two rows of its plateau before it.
    std::size_t from = n > 3 && pages[0] == 1 ? 1 : 0;  // first row of the current plateau
    for (std::size_t i = from + 2; i < n; ++i) {
        if (i < from + 2) continue;
        const double base = medianOfRange(medians, from, i);
        const double least = stepAbove(base);
        if (medians[i] - base <= least) continue;
        // The rise must hold: the next rows' median above it, no later row back near the base
        // (a plateau of a 10-cycle level gives medians of 7 to 11).
        const bool holds = medianOfRange(medians, i, std::min(n, i + 3)) - base > least &&
                           std::all_of(medians.begin() + static_cast<long>(i), medians.end(),
                                       [&](double m) { return m - base > least / 2; });
        if (!holds) continue;
        // The step's height: the plateau after it, up to the next rise.
        std::size_t end = i + 1;
        while (end < n && medians[end] - medians[i] <= stepAbove(medians[i])) ++end;
        steps.push_back({pages[i - 1], medianOfRange(medians, i, end) - base});
        from = i;
    }
    return steps;
}

TlbScopeDecision decideTlbScope(int mainUnit, const std::vector<int>& units, const std::vector<bool>& disturbed,
                                std::size_t asked) {
    if (units.empty() || units.size() != disturbed.size()) return {"", 0, "no other unit's walk ran beside the main one"};
    std::set<int> shared, apart;
    for (std::size_t k = 0; k < units.size(); ++k) (disturbed[k] ? shared : apart).insert(units[k]);
    const std::string main = mainUnit >= 0 ? "the main walk on unit " + std::to_string(mainUnit) : "the main walk (its unit varied)";
    std::set<int> both;
    std::set_intersection(shared.begin(), shared.end(), apart.begin(), apart.end(), std::inserter(both, both.begin()));
    auto onUnits = [](const std::set<int>& units) { return (units.size() == 1 ? "on unit " : "on units ") + numberList(units); };
    if (!both.empty()) return {"", 0, "walks " + onUnits(both) + " evicted " + main + "'s entries once and once not"};
    if (!shared.empty() && !apart.empty())
        return {"group", 0.6,
                "walks " + onUnits(shared) + " evicted the entries of " + main + ", " + onUnits(apart) +
                    " not: a group of units shares the level"};
    const std::size_t seen = shared.size() + apart.size();
    const std::string where = "the other walks ran " + onUnits(shared.empty() ? apart : shared);
    if (seen < std::min(kMinScopeUnits, asked))
        return {"", 0, where + " only (" + std::string(shared.empty() ? "none" : "each") + " evicted " + main +
                           "'s entries): too few units to tell one per unit from shared"};
    if (shared.empty()) return {"sm", 0.8, "no walk of another unit evicted the entries of " + main + "; " + where};
    return {"gpu", 0.8, "the walk of every other unit evicted the entries of " + main + "; " + where};
}

}  // namespace ts
