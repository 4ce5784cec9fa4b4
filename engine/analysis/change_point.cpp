#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numeric>

#include "analysis/analysis.hpp"
#include "analysis/ks.hpp"
#include "analysis/robust.hpp"

namespace ts {
namespace {

struct Split {
    std::size_t k = 0;  // rows [0, k) before, [k, n) after
    double d = -1;      // one-sided K-S statistic
    double shift = 0;   // mean after - mean before
    double sse = 0;     // within-segment sum of squares
};

bool better(const Split& a, const Split& b, double scale) {
    constexpr double kTie = 1e-12;
    if (a.d > b.d + kTie) return true;
    if (a.d < b.d - kTie) return false;
    const double tol = kTie * std::max(1.0, scale);
    if (a.shift > b.shift + tol) return true;
    if (a.shift < b.shift - tol) return false;
    return a.sse < b.sse - tol * scale;
}

Split bestSplit(const std::vector<double>& v) {
    const std::size_t n = v.size();
    std::vector<double> left, right(v);
    std::sort(right.begin(), right.end());
    const double total = std::accumulate(v.begin(), v.end(), 0.0);
    double totalSq = 0;
    for (double x : v) totalSq += x * x;
    double scale = 0;
    for (double x : v) scale = std::max(scale, std::fabs(x));

    Split best;
    double sumL = 0, sqL = 0;
    for (std::size_t k = 1; k < n; ++k) {
        const double x = v[k - 1];
        right.erase(std::lower_bound(right.begin(), right.end(), x));
        left.insert(std::upper_bound(left.begin(), left.end(), x), x);
        sumL += x, sqL += x * x;
        const double nl = static_cast<double>(k), nr = static_cast<double>(n - k);
        const double sumR = total - sumL, sqR = totalSq - sqL;
        Split s;
        s.k = k;
        s.d = ksStatisticBelow(left, right);
        s.shift = sumR / nr - sumL / nl;
        s.sse = (sqL - sumL * sumL / nl) + (sqR - sumR * sumR / nr);
        if (best.k == 0 || better(s, best, scale)) best = s;
    }
    return best;
}

// Rows up to which every split is tried; a longer sweep (only a crafted or merged file has one:
// a GPU sweep has tens to hundreds of rows) is searched over the medians of groups of rows.
constexpr std::size_t kExactSplitRows = 4096;

// The best split of a long sweep, at a group boundary: groups of `group` consecutive rows reduced
// to their medians, every split of those tried. Linear in the rows (the exact search is
// quadratic: 2 million rows took minutes); the split is then judged on the rows themselves.
Split bestGroupSplit(const std::vector<double>& v, std::size_t group) {
    std::vector<double> medians;
    for (std::size_t start = 0; start < v.size(); start += group) {
        const auto first = v.begin() + static_cast<long>(start);
        medians.push_back(median(std::vector<double>(first, first + static_cast<long>(std::min(group, v.size() - start)))));
    }
    Split s = bestSplit(medians);
    s.k = std::min(s.k * group, v.size() - 1);
    std::vector<double> left(v.begin(), v.begin() + static_cast<long>(s.k)), right(v.begin() + static_cast<long>(s.k), v.end());
    const double nl = static_cast<double>(left.size()), nr = static_cast<double>(right.size());
    const double sumL = std::accumulate(left.begin(), left.end(), 0.0), sumR = std::accumulate(right.begin(), right.end(), 0.0);
    std::sort(left.begin(), left.end());
    std::sort(right.begin(), right.end());
    s.d = ksStatisticBelow(left, right);
    s.shift = sumR / nr - sumL / nl;
    return s;
}

// Probability that Gaussian noise of the within-regime spread moves a row by less than half the
// step, i.e. that a further row would fall on its own side of the midpoint between the regimes.
double separation(const std::vector<double>& v, std::size_t k, double* stepOut, double* noiseOut) {
    const std::vector<double> before(v.begin(), v.begin() + static_cast<long>(k));
    const std::vector<double> after(v.begin() + static_cast<long>(k), v.end());
    const double mb = median(before), ma = median(after);
    const double sb = robustSigma(before), sa = robustSigma(after);
    const double noise = std::sqrt((static_cast<double>(before.size()) * sb * sb + static_cast<double>(after.size()) * sa * sa) /
                                   static_cast<double>(v.size()));
    const double step = ma - mb;
    *stepOut = step;
    *noiseOut = noise;
    if (step <= 0) return 0;
    if (noise <= 0) return 1;
    return std::erf(step / noise / (2 * std::sqrt(2.0)));
}

std::string format(const char* fmt, auto... args) {
    char buf[256];
    std::snprintf(buf, sizeof buf, fmt, args...);
    return buf;
}

}  // namespace

ChangePoint findChangePoint(const std::vector<double>& values, const std::vector<double>& xs) {
    ChangePoint cp;
    const std::size_t n = std::min(values.size(), xs.size());
    cp.index = n;
    cp.x = n ? xs[n - 1] : 0;
    if (n < 3) {
        cp.reason = "needs at least 3 rows, has " + std::to_string(n);
        return cp;
    }
    const std::vector<double> v(values.begin(), values.begin() + static_cast<long>(n));
    if (!std::all_of(v.begin(), v.end(), [](double x) { return std::isfinite(x); })) {
        cp.reason = "a reduced value is not a finite number";
        return cp;
    }
    const std::size_t group = (n + kExactSplitRows - 1) / kExactSplitRows;
    const Split s = group > 1 ? bestGroupSplit(v, group) : bestSplit(v);
    if (s.d <= 0 || s.shift <= 0) {
        cp.reason = "no later rows are slower than earlier ones: everything up to the last row fits";
        return cp;
    }
    cp.index = s.k;
    cp.x = xs[s.k - 1];
    cp.statistic = s.d;
    const double p = ksPValueBelow(s.d, s.k, n - s.k);
    cp.pValue = std::min(1.0, p * static_cast<double>(n - 1));  // Bonferroni over the n-1 splits tried
    double step = 0, noise = 0;
    const double sep = separation(v, s.k, &step, &noise);
    cp.confidence = (1 - cp.pValue) * sep;
    cp.found = cp.confidence >= 0.5;

    cp.reason = format("K-S D=%.3f between rows 1-%zu and %zu-%zu, p=%.3g after %zu splits; step %.4g = ",
                       s.d, s.k, s.k + 1, n, cp.pValue, n - 1, step);
    cp.reason += noise > 0 ? format("%.1f noise widths", step / noise) : std::string("clean (no spread)");
    if (group > 1) cp.reason += format("; split searched over medians of %zu rows each", group);
    if (s.k == 1 || s.k == n - 1) cp.reason += "; the knee is at the edge of the sweep: extend it";
    if (!cp.found) cp.reason += "; too weak to call a change point";
    return cp;
}

ChangePoint findChangePoint(const Series& sweep) {
    std::vector<double> xs;
    xs.reserve(sweep.rows.size());
    for (const auto& row : sweep.rows) xs.push_back(row.x);
    return findChangePoint(reduceSweep(sweep), xs);
}

}  // namespace ts
