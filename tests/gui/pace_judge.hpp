#pragma once
// Judges a run's progress as the status bar shows it (issue 37, item 3), from the progress events
// it received: the bar (in thousandths of the plan) and the ETA are what PlanProgress gives at
// every tenth of a second between them. Used by the pace test and bench/pace_bench.cpp.
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "events/observer.hpp"

namespace ts::test {

struct PaceVerdict {
    double seconds = 0;             // the run, first event to "done"
    double longestStill = 0;        // the longest time the bar stood still before the end
    double worstEtaError = 0;       // the largest |ETA - time left| / time left from 10 % on
    double worstEtaAt = 0;          // when it was
    struct Benchmark {
        std::string name;
        double seconds = 0;
    };
    std::vector<Benchmark> benchmarks;  // in the order they ran
};

// The ETA's error is relative to the time left, or to `closeToEnd` seconds where less is left (a
// relative error means nothing as the time left goes to zero).
inline PaceVerdict judgePace(const std::vector<ProgressEvent>& events, double closeToEnd = 10) {
    PaceVerdict v;
    if (events.empty()) return v;
    const double end = events.back().elapsedSeconds;
    v.seconds = end - events.front().elapsedSeconds;
    std::vector<double> starts;
    for (std::size_t i = 0; i < events.size(); ++i)
        if (i == 0 || events[i].done != events[i - 1].done) {
            if (!v.benchmarks.empty()) v.benchmarks.back().seconds = events[i].elapsedSeconds - starts.back();
            v.benchmarks.push_back({events[i].benchmark, 0});
            starts.push_back(events[i].elapsedSeconds);
        }
    int lastBar = -1;
    double stillSince = events.front().elapsedSeconds;
    std::size_t at = 0;
    for (double t = events.front().elapsedSeconds; t < end; t += 0.1) {
        while (at + 1 < events.size() && events[at + 1].elapsedSeconds <= t) ++at;
        const PlanProgress& plan = events[at].plan;
        const double fraction = plan.fractionAt(t);
        const int bar = static_cast<int>(1000 * fraction);
        if (bar != lastBar) lastBar = bar, stillSince = t;
        v.longestStill = std::max(v.longestStill, t - stillSince);
        const double eta = plan.secondsLeftAt(t), left = end - t;
        if (fraction < 0.1 || eta < 0) continue;
        const double error = std::abs(eta - left) / std::max(left, closeToEnd);
        if (error > v.worstEtaError) v.worstEtaError = error, v.worstEtaAt = t;
    }
    return v;
}

}  // namespace ts::test
