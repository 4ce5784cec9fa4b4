#pragma once
#include "benchmarks/run_context.hpp"
#include "benchmarks/targets.hpp"

namespace ts {

// The per-cache benchmarks, in dependency order. Each reads what it needs from
// the topology (measured earlier) and reports its attribute; a missing input is
// reported as an undecided attribute with the reason.
void measureFetchGranularity(RunContext& ctx, const CacheTarget& target);
void measureSize(RunContext& ctx, const CacheTarget& target);
void measureLineSize(RunContext& ctx, const CacheTarget& target);
void measureLatency(RunContext& ctx, const CacheTarget& target);
void measureMissPenalty(RunContext& ctx, const CacheTarget& target);

// A measured attribute that later benchmarks may rely on (Attribute::isDecidedFigure), or null.
const Attribute* decided(const RunContext& ctx, Element element, const std::string& name);

// The fetch granularity as a stride: decided, or the upper bound reported when it hides
// behind the cache in front (a stride that still touches a new sector on every load).
const Attribute* usableFetchGranularity(const RunContext& ctx, Element element);

// An input the benchmark decides from: when another context disturbed it (it carries the
// shared-GPU mark), the benchmark's results are marked too (RunContext::noteDisturbedInput).
void noteIfDisturbed(RunContext& ctx, Element element, const Attribute* input);
// The same for a benchmark whose decision stands for any input within a few per cent (a line
// size swept over twice the capacity): a capacity doubted only for a neighbour's lines in the
// cache (kOccupancyNote) does not mark it.
void noteIfDisturbedBeyondOccupancy(RunContext& ctx, Element element, const Attribute* input);
// The input, or null when it carries the shared-GPU mark (for choices that have a fallback).
const Attribute* undisturbed(const Attribute* input);

}  // namespace ts
