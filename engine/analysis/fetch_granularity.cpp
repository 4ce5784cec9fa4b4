#include <algorithm>
#include <cmath>
#include <cstdio>

#include "analysis/analysis.hpp"
#include "analysis/miss_rule.hpp"
#include "analysis/model_fit.hpp"
#include "analysis/robust.hpp"

namespace ts {
namespace {

// Predicted miss fraction of a cold chase with `stride` over sectors of `granularity` bytes:
// the first load into each sector misses.
double predictedMisses(const SeriesRow& row, double granularity) {
    const std::size_t n = row.latencies.size();
    return n ? touchedBlocks(n, row.x, granularity) / static_cast<double>(n) : 0.0;
}

std::string describe(double value, double confidence, double crossCheck) {
    char buf[200];
    std::snprintf(buf, sizeof buf, "sector model fits best with %.0f B (probability %.3f among the powers of two tried)",
                  value, confidence);
    std::string s = buf;
    if (crossCheck > 0) {
        std::snprintf(buf, sizeof buf, "; at smaller strides, the stride over the share of loads that missed gives %.3g B", crossCheck);
        s += buf;
    }
    return s;
}

std::vector<SeriesRow> usableRows(const Series& series) {
    std::vector<SeriesRow> rows;
    for (const auto& row : series.rows)
        if (!row.latencies.empty() && row.x > 0) rows.push_back(row);
    std::stable_sort(rows.begin(), rows.end(), [](const SeriesRow& a, const SeriesRow& b) { return a.x < b.x; });
    return rows;
}

// Fits the sector model to the miss fractions of `rows`, a load being a miss above `threshold`.
Decision fitSectorModel(const std::vector<SeriesRow>& rows, double threshold, Decision d) {
    const std::vector<double> observed = missFractions(rows, threshold);

    // Candidates: the powers of two from the smallest stride up to twice the largest (sectors are
    // powers of two); the last one stands for "larger than the largest stride".
    std::vector<double> candidates;
    double g = 1;
    while (g < rows.front().x) g *= 2;
    for (; g <= rows.back().x; g *= 2) candidates.push_back(g);
    const double beyond = g;
    candidates.push_back(beyond);
    std::vector<double> sse;
    for (double candidate : candidates) {
        double e = 0;
        for (std::size_t i = 0; i < rows.size(); ++i) {
            const double r = observed[i] - predictedMisses(rows[i], candidate);
            e += r * r;
        }
        sse.push_back(e);
    }
    const auto best = static_cast<std::size_t>(std::min_element(sse.begin(), sse.end()) - sse.begin());
    d.value = candidates[best];
    d.confidence = bestCandidateProbability(sse, best, rows.size(), 1, meanLoadsPerRow(rows));

    std::vector<double> estimates;  // cross-check: stride / miss fraction below the granularity
    for (std::size_t i = 0; i < rows.size(); ++i)
        if (rows[i].x < d.value && observed[i] > 0) estimates.push_back(rows[i].x / observed[i]);
    const double crossCheck = estimates.empty() ? 0.0 : median(estimates);

    if (d.value <= rows.front().x) {
        d.upperBound = true;
        d.reason = "every load missed already at the smallest stride: the granularity is this stride or finer";
        d.confidence = 0;
        return d;
    }
    if (d.value == beyond) {
        d.value = rows.back().x;
        d.lowerBound = true;
        d.reason = "some loads still hit at the largest stride: the granularity is larger than it";
        d.confidence = 0;
        return d;
    }
    d.decided = d.confidence >= 0.5;
    d.reason = describe(d.value, d.confidence, crossCheck);
    if (!d.decided) d.reason += "; no stride fits clearly better than the others";
    return d;
}

}  // namespace

Decision decideFetchGranularity(const Series& series) {
    Decision d;
    d.method = "cold p-chase, sector model fit";
    const std::vector<SeriesRow> rows = usableRows(series);
    if (rows.size() < 2) {
        d.reason = "needs at least 2 strides with samples";
        return d;
    }

    // The fastest load of a row is a hit as long as some load of the row hits: split the row
    // minima into the fastest level (hits) and everything slower.
    std::vector<std::uint32_t> minima;
    for (const auto& row : rows) minima.push_back(*std::min_element(row.latencies.begin(), row.latencies.end()));
    const HitMissSplit split = splitFastestLevel(minima);
    if (!split.separable) {
        // No stride switches from some hits to all misses. Either every row kept hits (then the
        // misses grow with the stride, as the sector model says) or every load missed: a cold chase
        // cannot hit throughout, so one latency level (outliers aside) means all misses.
        std::vector<std::uint32_t> all;
        for (const auto& row : rows) all.insert(all.end(), row.latencies.begin(), row.latencies.end());
        const HitMissSplit loads = splitFastestLevel(all);
        const std::vector<double> m = missFractions(rows, loads.threshold);
        if (loads.separable && m.back() > m.front()) {
            d.value = rows.back().x;
            d.lowerBound = true;
            d.reason = "some loads still hit at the largest stride: the granularity is larger than it";
        } else {
            d.value = rows.front().x;
            d.upperBound = true;
            d.reason = "every load missed already at the smallest stride: the granularity is this stride or finer";
        }
        return d;
    }
    return fitSectorModel(rows, split.threshold, d);
}

Decision decideFetchGranularity(const Series& series, const std::vector<std::uint32_t>& hitReference) {
    Decision d;
    d.method = "cold p-chase, sector model fit, hits within the warm reference's fence";
    const std::vector<SeriesRow> rows = usableRows(series);
    if (rows.size() < 2 || hitReference.empty()) {
        d.reason = "needs at least 2 strides with samples and a warm reference";
        return d;
    }
    // A cache behind another (the Constant L1.5 behind the Constant L1) has the front cache's hits
    // in its warm reference too, and their spread set the fence above the next level's hits, so
    // the next level's sectors were read as this cache's (of 300 random GPUs, a 64 B Constant L1.5
    // sector read 128 B at 1.0, its fence at 309 cycles between hits of 21 and 93). The fence is
    // drawn from the reference's own level: its loads at least 2/3 of its median.
    const double level = median(hitReference);
    std::vector<std::uint32_t> ownLevel;
    for (std::uint32_t l : hitReference)
        if (3.0 * l >= 2.0 * level) ownLevel.push_back(l);
    const double fence = missThreshold(ownLevel);
    if (median(rows.back().latencies) <= fence) {
        d.reason = "the largest stride's cold loads are as fast as the warm reference: misses cannot be told from hits";
        return d;
    }
    return fitSectorModel(rows, fence, d);
}

}  // namespace ts
