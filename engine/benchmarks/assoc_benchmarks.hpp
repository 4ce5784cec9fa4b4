#pragma once
// Set structure, replacement order and address translation (issue 22; docs/methods.md).
// All three run address-sequence chases (backend/sequence_chase.hpp).
#include "benchmarks/run_context.hpp"
#include "benchmarks/targets.hpp"

namespace ts {

// Ways, sets and set-index function of `target` (needs its size and line size).
void measureAssociativity(RunContext& ctx, const CacheTarget& target);
// Where no set structure is measured (`why`): the size read from the knee at most 0.5 and the
// line size at most the unconfirmed line's confidence (cache_capacity.hpp, associativity.cpp).
void reportUnmeasuredSets(RunContext& ctx, const CacheTarget& target, const std::string& why);
// Replacement-policy class of `target` (needs modulo-indexed ways and sets).
void measureReplacementPolicy(RunContext& ctx, const CacheTarget& target);
// Page size and the TLB levels: entries, reach, miss cost, scope (attributes of device memory).
// Walks that take real memory span at most `walkLimitBytes` (DiscoveryOptions::tlbWalkBytes).
void measureTlbLevels(RunContext& ctx, std::uint64_t walkLimitBytes);
// Byte offset of the line a TLB walk loads on page i of `stride` bytes, where the walk's memory
// repeats every `period` bytes (0: it does not); distinct in memory for every page of a walk of
// at most stride / 128 repeats.
std::uint64_t tlbWalkLine(std::uint64_t i, std::uint64_t stride, std::uint64_t period);

}  // namespace ts
