#pragma once
// Runs one benchmark of the plan so that the run survives it: a failure is marked and the
// run goes on, a lost device skips the rest, interference makes it measure again.
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "benchmarks/run_context.hpp"

namespace ts {

// Every result disturbed by another user of the GPU carries Mark::SharedGpu, a reason beginning
// with these words, and a confidence of at most kSharedGpuConfidence.
inline constexpr const char* kSharedGpuMark = "shared GPU";
inline constexpr double kSharedGpuConfidence = 0.5;
// A capacity capped only because a known neighbour's lines share the cache (its own window was
// clean; PlanItem::readsDeviceWideOccupancy) carries Mark::OccupancyLimited too and says so in
// these words: it may be off by a few per cent.
inline constexpr const char* kOccupancyNote = "the lines it leaves in the cache between our kernels move this capacity";

// One more attribute a benchmark exists for.
struct PlanAttribute {
    Element element;
    std::string name;
};

struct PlanItem {
    PlanItem(std::string name_, std::function<void(RunContext&)> run_, Element element_ = Element::L1,
             std::string attribute_ = {})
        : name(std::move(name_)), run(std::move(run_)), element(element_), attribute(std::move(attribute_)) {}

    std::string name;                        // "L2 Size"
    std::function<void(RunContext&)> run;
    // The attribute the benchmark exists for, marked failed when it produced none; empty
    // for benchmarks with many results (they mark their own parts).
    Element element = Element::L1;
    std::string attribute;
    // Further attributes it exists for, each marked failed the same way (Bandwidth: every one it measures).
    std::vector<PlanAttribute> also;
    // Its result depends on what else a device-wide cache holds when our kernels start (the L2
    // knee and partition capacities): another context's lines change it with no gap, no miss
    // in a row that should hit and no disagreement between repeats (issue 15: beside an L2-chase
    // neighbour the H200's knee came out 3.6 % larger, confirmed). Beside a known neighbour its
    // results are capped without measuring again; the neighbour's lines stay after it pauses.
    bool readsDeviceWideOccupancy = false;
    // Its work relative to the plan's other items (PlanProgress): what the bar and the ETA go by.
    double work = 1;
    // Its work again given the results so far (nullopt: as estimated): a cache's set structure is
    // not walked again where the sharing found it one with a cache measured before.
    std::function<std::optional<double>(const Topology&)> workGiven;
};

// Runs the item. BackendError: a BenchmarkFailure, a warning and, where the item names its
// attribute and did not report it, a failed attribute (confidence 0). When the guard saw the GPU
// shared around the item (a pre-emption gap, a slow sentinel), it runs again after a back-off,
// within SharedGpuLog's budget, until a run is undisturbed; never clean, its results keep the
// last run's values with confidence at most 0.5 and Mark::SharedGpu.
void runPlanItem(RunContext& ctx, const PlanItem& item);

// The device was lost before the item's turn: marks it "not run" without calling the device.
void skipPlanItem(RunContext& ctx, const PlanItem& item);

}  // namespace ts
