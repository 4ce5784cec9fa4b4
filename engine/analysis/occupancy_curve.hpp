// How many warps a level's bandwidth needs (docs/methods.md, "Bandwidth of every level"): the
// plateau of bandwidth against warps per SM/CU and loads in flight per thread, the least occupancy
// that reaches 90 % of it, and what Little's law says that occupancy should be.
#pragma once
#include <string>
#include <vector>

namespace ts {

struct OccupancyPoint {
    int warpsPerUnit = 0;
    int loadsInFlight = 0;     // independent loads a thread keeps outstanding
    double gibPerSecond = 0;
};

struct OccupancyFinding {
    bool decided = false;
    double plateau = 0;          // GiB/s: the mean of the points within kPlateauBand of the best
    int plateauPoints = 0;
    int warpsAt90 = 0;           // the fewest warps per unit reaching 90 % of the plateau ...
    int loadsAt90 = 0;           // ... with this many loads in flight per thread
    int warpLoadsAt90 = 0;       // the fewest warps x loads in flight (warp-wide loads) reaching it
    std::string reason;          // why undecided
};

// Points in any order; at least two distinct occupancies are needed.
OccupancyFinding analyseOccupancy(const std::vector<OccupancyPoint>& points);

// Little's law on one unit: the bytes in flight a bandwidth needs = latency x bandwidth.
struct LittleCheck {
    double neededBytes = 0;      // latency (cycles) x bytes per cycle per unit, at 90 % of the plateau
    double providedBytes = 0;    // the fewest in flight that reach 90 %: warps x loads x lanes x bytes per load
    bool agrees = false;         // within a factor of two
    std::string text;            // one sentence for the reason
};
LittleCheck littlesLaw(double latencyCycles, double plateauBytesPerCyclePerUnit, const OccupancyFinding& f, int lanes,
                       int bytesPerLoad);

}  // namespace ts
