#pragma once
// How far a run is through its plan, in the plan's own estimate of each benchmark's work (issue 37):
// the bar's position and the time left, the same for every front end and at any moment between
// events.
#include <algorithm>

namespace ts {

struct PlanProgress {
    double totalWork = 0;      // every item's estimate
    double doneWork = 0;       // the finished items'
    double currentWork = 0;    // the running item's (0: none runs)
    double doneSeconds = 0;    // when the running item began: the time the finished items took
    // Seconds of run time per unit of work: the finished items' typical time per unit (the median
    // of theirs, so that one benchmark far off its estimate does not move every other one's); 0
    // while none has finished.
    double secondsPerWork = 0;

    // The share of the running item's work credited `inItem` seconds after it began, at the pace so
    // far: in step with the time up to 80 % of its expected time, then ever more slowly towards all
    // of it, so that an item that runs long still moves the bar and never passes its end.
    double creditedShare(double inItem) const {
        const double expected = currentWork * secondsPerWork;
        if (expected <= 0 || inItem <= 0) return 0;
        const double x = inItem / expected;
        return x <= 0.8 ? x : 1 - 0.04 / (x - 0.6);
    }

    // The share of the plan done at `elapsed` seconds into the run (0 to 1).
    double fractionAt(double elapsed) const {
        if (totalWork <= 0) return 0;
        const double done = doneWork + currentWork * creditedShare(elapsed - doneSeconds);
        return std::clamp(done / totalWork, 0.0, 1.0);
    }

    // Seconds left at `elapsed`: the work not yet credited at the pace so far; -1 while no item has
    // finished (there is no pace to go by).
    double secondsLeftAt(double elapsed) const {
        if (secondsPerWork <= 0) return -1;
        return std::max(0.0, (1 - fractionAt(elapsed)) * totalWork * secondsPerWork);
    }
};

}  // namespace ts
