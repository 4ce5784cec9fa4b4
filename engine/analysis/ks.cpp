#include "analysis/ks.hpp"

#include <algorithm>

#include <boost/math/distributions/kolmogorov_smirnov.hpp>

namespace ts {

double ksStatisticBelow(const std::vector<double>& a, const std::vector<double>& b) {
    if (a.empty() || b.empty()) return 0;
    const double na = static_cast<double>(a.size()), nb = static_cast<double>(b.size());
    std::size_t i = 0, j = 0;
    double d = 0;
    while (i < a.size() && j < b.size()) {
        const double t = std::min(a[i], b[j]);
        while (i < a.size() && a[i] == t) ++i;
        while (j < b.size() && b[j] == t) ++j;
        d = std::max(d, static_cast<double>(i) / na - static_cast<double>(j) / nb);
    }
    return d;  // once one sample is exhausted the difference can only shrink towards 0
}

double ksPValueAsymptotic(double d, double n1, double n2) {
    if (d <= 0 || n1 <= 0 || n2 <= 0) return 1;
    try {
        const double effective = n1 * n2 / (n1 + n2);
        const boost::math::kolmogorov_smirnov_distribution<double> k(effective);
        return std::clamp(boost::math::cdf(boost::math::complement(k, std::min(d, 1.0))), 0.0, 1.0);
    } catch (const std::exception&) {
        return 1;  // outside Boost's domain: claim nothing
    }
}

// Under exchangeability the sorted pooled sample is a random interleaving: a walk from (0,0) to
// (n1,n2) that steps "left value" with probability (n1-i)/(remaining). D+ >= d exactly when the
// walk touches i/n1 - j/n2 >= d; the probability mass entering such a point is the p-value.
double ksPValueBelow(double d, std::size_t n1, std::size_t n2) {
    if (d <= 0 || n1 == 0 || n2 == 0) return 1;
    constexpr double kWalkBudget = 1e7;  // lattice points; beyond, the asymptotic bound is used
    if (static_cast<double>(n1) * static_cast<double>(n2) > kWalkBudget)
        return ksPValueAsymptotic(d, static_cast<double>(n1), static_cast<double>(n2));
    const double m = static_cast<double>(n1), n = static_cast<double>(n2);
    const double reach = d - 1e-9;
    std::vector<double> row(n2 + 1, 0.0), next(n2 + 1, 0.0);
    row[0] = 1.0;
    double absorbed = 0;
    for (std::size_t i = 0; i <= n1; ++i) {
        std::fill(next.begin(), next.end(), 0.0);
        for (std::size_t j = 0; j <= n2; ++j) {
            const double mass = row[j];
            if (mass == 0) continue;
            const double left = m - static_cast<double>(i), right = n - static_cast<double>(j);
            if (left + right == 0) continue;
            if (left > 0) {  // take the next value from the left sample
                const double share = mass * left / (left + right);
                if (static_cast<double>(i + 1) / m - static_cast<double>(j) / n >= reach) absorbed += share;
                else next[j] += share;
            }
            if (right > 0) row[j + 1] += mass * right / (left + right);  // the difference only falls
        }
        row.swap(next);
    }
    return std::clamp(absorbed, 0.0, 1.0);
}

}  // namespace ts
