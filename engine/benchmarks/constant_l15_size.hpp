#pragma once
#include "benchmarks/run_context.hpp"
#include "benchmarks/targets.hpp"

namespace ts {

// The size of a constant cache behind another (the Constant L1.5) inside one constant bank
// (issue 21, docs/methods.md "Constant L1.5 inside one bank"). Runs after the generic size
// search and replaces its result only where that search left the size open (a knee below its
// first row, or none up to the bank limit).
void measureConstantSizeInOneBank(RunContext& ctx, const CacheTarget& target);

}  // namespace ts
