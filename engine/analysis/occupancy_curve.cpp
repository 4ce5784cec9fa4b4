#include "analysis/occupancy_curve.hpp"

#include <algorithm>
#include <cmath>
#include <set>

namespace ts {
namespace {

constexpr double kPlateauBand = 0.03;  // points within 3 % of the best form the plateau
constexpr double kReachShare = 0.9;
constexpr double kLittleFactor = 2.0;  // Little's law and the curve agree within this factor

std::string fixed(double v, int digits) {
    const double scale = std::pow(10.0, digits);
    std::string text = std::to_string(std::round(v * scale) / scale);
    return digits == 0 ? text.substr(0, text.find('.')) : text.substr(0, text.find('.') + 1 + static_cast<std::size_t>(digits));
}

}  // namespace

OccupancyFinding analyseOccupancy(const std::vector<OccupancyPoint>& points) {
    OccupancyFinding f;
    std::set<int> occupancies;
    double best = 0;
    for (const OccupancyPoint& p : points) {
        if (p.gibPerSecond > 0) occupancies.insert(p.warpsPerUnit);
        best = std::max(best, p.gibPerSecond);
    }
    if (occupancies.size() < 2 || best <= 0) {
        f.reason = "fewer than two occupancies measured";
        return f;
    }
    double sum = 0;
    for (const OccupancyPoint& p : points)
        if (p.gibPerSecond >= (1.0 - kPlateauBand) * best) sum += p.gibPerSecond, ++f.plateauPoints;
    f.plateau = sum / f.plateauPoints;
    // The fewest warps that reach 90 %, then the fewest loads in flight among those.
    for (const OccupancyPoint& p : points) {
        if (p.gibPerSecond < kReachShare * f.plateau) continue;
        const bool fewer = f.warpsAt90 == 0 || p.warpsPerUnit < f.warpsAt90 ||
                           (p.warpsPerUnit == f.warpsAt90 && p.loadsInFlight < f.loadsAt90);
        if (fewer) f.warpsAt90 = p.warpsPerUnit, f.loadsAt90 = p.loadsInFlight;
        const int warpLoads = p.warpsPerUnit * p.loadsInFlight;
        if (f.warpLoadsAt90 == 0 || warpLoads < f.warpLoadsAt90) f.warpLoadsAt90 = warpLoads;
    }
    // One configuration alone at the top is no plateau: the curve may still be rising there.
    f.decided = f.plateauPoints >= 2;
    if (!f.decided) f.reason = "only the largest configuration reached the best figure: the curve may still rise";
    return f;
}

LittleCheck littlesLaw(double latencyCycles, double plateauBytesPerCyclePerUnit, const OccupancyFinding& f, int lanes,
                       int bytesPerLoad) {
    LittleCheck c;
    c.neededBytes = latencyCycles * kReachShare * plateauBytesPerCyclePerUnit;
    c.providedBytes = static_cast<double>(f.warpLoadsAt90) * lanes * bytesPerLoad;
    if (c.neededBytes <= 0 || c.providedBytes <= 0) {
        c.text = "Little's law not checked (no latency or no 90 % point)";
        return c;
    }
    const double ratio = c.providedBytes / c.neededBytes;
    c.agrees = ratio <= kLittleFactor && ratio >= 1.0 / kLittleFactor;
    c.text = "Little's law: " + fixed(latencyCycles, 0) + " cycles x " + fixed(kReachShare * plateauBytesPerCyclePerUnit, 1) +
             " B/cycle = " + fixed(c.neededBytes / 1024.0, 1) + " KiB in flight per unit; the fewest that reach 90 % are " +
             fixed(c.providedBytes / 1024.0, 1) + " KiB";
    if (c.agrees)
        c.text += " (agrees within a factor of 2)";
    else if (ratio > 1)
        c.text += ": " + fixed(ratio, 1) + " x what the idle latency needs (loads wait longer under load, or issue limits the warps)";
    else
        c.text += ": " + fixed(1.0 / ratio, 1) + " x less than the idle latency needs (loads are served faster under load than one alone)";
    return c;
}

}  // namespace ts
