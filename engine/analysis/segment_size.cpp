#include <algorithm>
#include <cmath>
#include <cstdio>

#include "analysis/analysis.hpp"

namespace ts {

// The L2 is made of equal segments: segment = l2Bytes / n with n = round(l2Bytes / knee).
// Confidence: the knee's confidence times how close the knee lies to the snapped size,
// 1 - |knee - segment| / segment.
Decision decideSegmentSize(const ChangePoint& knee, double l2Bytes) {
    Decision d;
    d.method = "L1-bypassing p-chase+ks, snapped to L2 size / n";
    if (knee.statistic <= 0 || knee.x <= 0) {
        d.reason = "no knee in the sweep: " + knee.reason;
        return d;
    }
    if (l2Bytes <= 0) {
        d.value = knee.x;
        d.reason = "L2 size unknown, so the knee is reported as it is: " + knee.reason;
        return d;
    }
    const double parts = std::max(1.0, std::round(l2Bytes / knee.x));
    d.value = l2Bytes / parts;
    const double proximity = std::max(0.0, 1 - std::fabs(knee.x - d.value) / d.value);
    d.confidence = knee.confidence * proximity;
    d.decided = knee.found && d.confidence >= 0.5;
    char buf[200];
    std::snprintf(buf, sizeof buf, "knee at %.0f B snapped to L2 / %.0f = %.0f B (%.1f %% away); ", knee.x, parts,
                  d.value, 100 * std::fabs(knee.x - d.value) / d.value);
    d.reason = buf + knee.reason;
    return d;
}

}  // namespace ts
