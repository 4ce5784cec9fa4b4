#pragma once
#include <cstdint>
#include <string>

#include "benchmarks/run_context.hpp"

namespace ts {

struct SizeSearchSpec {
    Element element = Element::L1;
    std::string seriesId;               // "l1.size"
    std::string title;                  // "L1 Size"
    SeriesKind kind = SeriesKind::Size;
    Space space = Space::Global;
    std::uint32_t strideBytes = 32;
    std::uint64_t startBytes = 1024;    // known (or assumed) to fit: the hit reference
    std::uint64_t limitBytes = 0;       // give up above this
    // Where nonzero: a row this small is timed beside the start row first, and where one in twenty
    // of the start row's loads miss against it the cache is smaller than startBytes and the search
    // starts here.
    std::uint64_t smallestBytes = 0;
    bool batchable = false;             // rows may run concurrently on different units
    int unit = 0;
    std::uint32_t recordLoads = 256;
    // Arrays above this are walked as a full first array plus a second chaser over the
    // rest (fill A, fill B, re-time A); 0 = never split.
    std::uint64_t splitAboveBytes = 0;
    // Sampled rows (arrays of many MiB): a block warm-up of two passes, then `recordLoads`
    // consecutive timed loads along a one-cycle permutation whose step spreads them over the
    // whole array (docs/methods.md, "Size"): a row costs the same few thousand loads at any size. A row then
    // shows misses by their count (more than chance explains), not by its median: past the size,
    // scattered loads miss in proportion to the part of the array that does not fit.
    bool sampled = false;
};

struct SizeSearchOutcome {
    bool decided = false;
    std::uint64_t bytes = 0;            // largest array that still fits (or the bound reached)
    double confidence = 0;
    bool lowerBound = false;
    std::string reason;
};

// Exponential search for a bracket, then a coarse and a fine sweep inside it,
// then the K-S change point over every row measured (docs/methods.md, "Size").
SizeSearchOutcome searchSize(RunContext& ctx, const SizeSearchSpec& spec);

// ChaseRequest::permutationStepBytes that spreads `loads` consecutive loads evenly over the whole
// array (one cycle over every stride; 0 when the array has fewer than two strides).
std::uint64_t spreadStep(std::uint64_t bytes, std::uint32_t stride, std::uint32_t loads);

}  // namespace ts
