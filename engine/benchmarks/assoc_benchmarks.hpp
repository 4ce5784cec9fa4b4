#pragma once
// Set structure, replacement order and address translation (issue 22; docs/methods.md).
// All three run address-sequence chases (backend/sequence_chase.hpp).
#include "benchmarks/run_context.hpp"
#include "benchmarks/targets.hpp"

namespace ts {

// Ways, sets and set-index function of `target` (needs its size and line size).
void measureAssociativity(RunContext& ctx, const CacheTarget& target);
// Replacement-policy class of `target` (needs modulo-indexed ways and sets).
void measureReplacementPolicy(RunContext& ctx, const CacheTarget& target);
// Page size and the TLB levels: entries, reach, miss cost, scope (attributes of device memory).
// Walks span at most `walkLimitBytes` (DiscoveryOptions::tlbWalkBytes).
void measureTlbLevels(RunContext& ctx, std::uint64_t walkLimitBytes);

}  // namespace ts
