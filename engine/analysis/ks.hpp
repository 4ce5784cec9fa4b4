#pragma once
// Two-sample Kolmogorov-Smirnov pieces used by the change-point rule.
#include <cstddef>
#include <vector>

namespace ts {

// D+ = max over t of (F_left(t) - F_right(t)): how far the left sample lies below the right one.
// Both inputs must be sorted ascending; ties are consumed together before comparing.
double ksStatisticBelow(const std::vector<double>& leftSorted, const std::vector<double>& rightSorted);

// P(D+ >= d) when all n1 + n2 values are exchangeable (no change at all): exact, by walking the
// lattice of interleavings; for very large samples Boost's asymptotic Kolmogorov distribution
// with the effective size n1 n2 / (n1 + n2) (two-sided, hence conservative).
double ksPValueBelow(double d, std::size_t n1, std::size_t n2);

// The asymptotic two-sided p-value alone: P(K > sqrt(n1 n2 / (n1 + n2)) * d).
double ksPValueAsymptotic(double d, double n1, double n2);

}  // namespace ts
