#include <algorithm>
#include <cmath>
#include <cstdio>

#include "analysis/analysis.hpp"
#include "analysis/model_fit.hpp"
#include "model/byte_text.hpp"

namespace ts {
namespace {

struct Fit {
    double line = 0;
    double capacity = 0;  // effective capacity that fits best for this line size
    double sse = 0;
};

// How a cache behaves once a walk no longer fits: an LRU-like cache misses every line past its
// effective capacity; random replacement keeps a share of them, the more the nearer the walk is
// to the size.
enum class Thrash { Step, Random };

// A walk over x times the capacity under random replacement: between two uses of a line come
// about x C/L other loads, a share q of them misses and each miss evicts our line with chance L/C,
// so the line survives with chance exp(-q x), and q solves 1 - q = exp(-q x). No misses up to x = 1.
double randomReplacementMissShare(double x) {
    if (x <= 1) return 0;
    double lo = 0, hi = 1;  // 1 - q - exp(-q x) is positive just above 0 and negative at 1
    for (int i = 0; i < 60; ++i) {
        const double q = (lo + hi) / 2;
        (1 - q - std::exp(-q * x) > 0 ? lo : hi) = q;
    }
    return (lo + hi) / 2;
}

double sectorMisses(const SeriesRow& row, double sector) {
    const std::size_t n = row.latencies.size();
    return n ? touchedBlocks(n, row.x, sector) / static_cast<double>(n) : 0.0;
}

// A cache of C bytes with lines of L bytes holds C/L lines; a chase with stride s over A bytes
// touches A/max(s,L) lines, so it thrashes iff A*L/max(s,L) > C. Thrashing, the first load into
// each sector (of the fetch granularity G) misses: every time in an LRU-like cache, in the share
// above under random replacement (a sector comes and goes with its line).
double predictedMisses(const SeriesRow& row, double line, double capacity, double sector, Thrash thrash) {
    const double touched = row.x2 * line / std::max(row.x, line);
    if (touched <= capacity) return 0;
    const double share = thrash == Thrash::Step ? 1.0 : randomReplacementMissShare(touched / capacity);
    return share * sectorMisses(row, sector);
}

// Rows with a stride up to the smallest candidate line touch the whole array whatever the line.
// Over at least 1.75 C (our arrays of 2 C; clear of the partial misses a non-LRU cache shows up
// to about 1.25 C) an LRU-like cache misses in every sector there, random replacement keeps a
// share (about a fifth at 2 C). Random replacement is assumed only where those rows are nearer its
// share than the step and within 0.1 of it (the spread of one 256-load row of a 2- to 16-way
// cache around the fully associative share): a cache that keeps more or fewer lines than either
// model, such as the H100's constant L1.5, keeps the step. MT4G's arrays (up to 1.5 C) have no
// such row and keep the step too.
Thrash thrashShape(const std::vector<SeriesRow>& rows, const std::vector<double>& observed, double cacheBytes,
                   double smallestLine, double sector) {
    double step = 0, random = 0;
    std::size_t count = 0;
    for (std::size_t i = 0; i < rows.size(); ++i) {
        if (rows[i].x > smallestLine || rows[i].x2 < 1.75 * cacheBytes) continue;
        const double all = sectorMisses(rows[i], sector);
        step += (observed[i] - all) * (observed[i] - all);
        const double kept = observed[i] - all * randomReplacementMissShare(rows[i].x2 / cacheBytes);
        random += kept * kept;
        ++count;
    }
    constexpr double kRandomSpread = 0.1;
    return count && random < step && random / count <= kRandomSpread * kRandomSpread ? Thrash::Random : Thrash::Step;
}

struct Model {
    const std::vector<SeriesRow>& rows;
    const std::vector<double>& observed;
    double sector;
    Thrash thrash;

    double squaredError(double line, double capacity) const {
        double e = 0;
        for (std::size_t i = 0; i < rows.size(); ++i) {
            const double r = observed[i] - predictedMisses(rows[i], line, capacity, sector > 0 ? sector : line, thrash);
            e += r * r;
        }
        return e;
    }

    // The effective capacity is fitted in [lo, hi): every boundary A*L/max(s,L) inside is tried.
    // Random replacement's share already starts at the measured capacity lo (where the size sweep
    // saw the first misses), so that curve has no capacity to fit.
    Fit fit(double line, double lo, double hi) const {
        std::vector<double> capacities{lo};
        for (const auto& row : rows) {
            const double boundary = row.x2 * line / std::max(row.x, line);  // predictions change here
            if (thrash == Thrash::Step && boundary > lo && boundary < hi) capacities.push_back(boundary);
        }
        Fit best{line, lo, -1};
        for (double c : capacities) {
            const double e = squaredError(line, c);
            if (best.sse < 0 || e < best.sse) best = {line, c, e};
        }
        return best;
    }
};

// The effective capacity lies in [C, 2C): at least the measured size C (arrays of that size fit),
// and below twice it, where a capacity twice as large would mimic lines twice as large (only
// A*L/C enters the model). With the lower bound, half the true line size cannot explain the
// misses either: it would need a capacity below C.
// With arrays of about 2 C (ours) the bound is tighter, just below 2A/3: the stride 3L rows of a
// line twice as large touch exactly 2A/3 (they must not fit), and so do the stride 1.5L rows of
// the true line (which thrash). A non-LRU cache with a ramp of partial misses above C keeps room
// up to 2A/3 = 1.33 C. (1.75 C: the array is 2 C rounded down to a multiple of the largest stride.)
std::pair<double, double> capacityBounds(double cacheBytes, double largestArray) {
    return {cacheBytes, largestArray >= 1.75 * cacheBytes ? 0.66 * largestArray : 2 * cacheBytes};
}

double powerOfTwoAtLeast(double v) {
    double p = 1;
    while (p < v) p *= 2;
    return p;
}

}  // namespace

Decision decideLineSize(const Series& series, double cacheBytes, double fetchGranularity) {
    Decision d;
    d.method = "p-chase, capacity model fit";
    std::vector<SeriesRow> rows;
    for (const auto& row : series.rows)
        if (!row.latencies.empty() && row.x > 0) rows.push_back(row);
    if (cacheBytes <= 0) {
        d.reason = "needs the measured size of the cache";
        return d;
    }
    if (rows.size() < 2 || std::any_of(rows.begin(), rows.end(), [](const SeriesRow& r) { return r.x2 <= 0; })) {
        d.reason = "needs at least 2 rows, each with a stride and an array size";
        return d;
    }
    std::vector<std::uint32_t> pooled;
    for (const auto& row : rows) pooled.insert(pooled.end(), row.latencies.begin(), row.latencies.end());
    // Where hit and miss levels overlap (an L2 with near and far parts, say), Otsu's cut is still
    // the best two-level reading of the loads; the fit's residual then lowers the confidence.
    const HitMissSplit split = splitFastestLevel(pooled);
    const double threshold = split.separable ? split.threshold : otsuThreshold(pooled);
    const std::vector<double> observed = missFractions(rows, threshold);
    if (std::all_of(observed.begin(), observed.end(), [](double m) { return m == 0; })) {
        d.reason = "all loads at one latency level: no row thrashed, so no row tells the line size";
        return d;
    }

    double smallest = rows.front().x, largest = rows.front().x;
    for (const auto& row : rows) smallest = std::min(smallest, row.x), largest = std::max(largest, row.x);
    const double first = powerOfTwoAtLeast(fetchGranularity > 0 ? fetchGranularity : smallest);
    const double last = std::max(first, powerOfTwoAtLeast(largest));
    double largestArray = 0;
    for (const auto& row : rows) largestArray = std::max(largestArray, row.x2);
    const auto [lo, hi] = capacityBounds(cacheBytes, largestArray);
    const double sector = fetchGranularity > 0 ? fetchGranularity : first;
    const Thrash thrash = thrashShape(rows, observed, cacheBytes, first, sector);
    const Model model{rows, observed, fetchGranularity, thrash};
    std::vector<Fit> fits;
    for (double line = first; line <= last; line *= 2) fits.push_back(model.fit(line, lo, hi));

    std::vector<double> sse;
    for (const auto& f : fits) sse.push_back(f.sse);
    const auto best = static_cast<std::size_t>(std::min_element(sse.begin(), sse.end()) - sse.begin());
    d.value = fits[best].line;
    d.confidence = fits.size() > 1 ? bestCandidateProbability(sse, best, rows.size(), 2, meanLoadsPerRow(rows)) : 0;
    d.decided = d.confidence >= 0.5;

    char buf[160];
    std::snprintf(buf, sizeof buf, "; squared error %.3g over %zu rows, probability %.3f among line sizes %s to %s",
                  fits[best].sse, rows.size(), d.confidence, bytesText(static_cast<std::uint64_t>(first)).c_str(),
                  bytesText(static_cast<std::uint64_t>(last)).c_str());
    d.reason = "capacity model fits best with " + std::to_string(static_cast<long long>(d.value)) + " B lines and " +
               bytesText(static_cast<std::uint64_t>(fits[best].capacity)) + " effective capacity (measured " +
               bytesText(static_cast<std::uint64_t>(cacheBytes)) + ")" + buf;
    if (thrash == Thrash::Random)
        d.reason += "; the rows over the whole array keep the share of lines random replacement keeps, so every "
                    "thrashing row is fitted with random replacement's share of misses";
    if (!split.separable) d.reason += "; the loads show no clearly separate hit and miss levels, split at Otsu's threshold";
    if (fits.size() == 1) d.reason += "; only one candidate line size, nothing to compare";
    else if (!d.decided) d.reason += "; no line size fits clearly better than the others";
    return d;
}

}  // namespace ts
