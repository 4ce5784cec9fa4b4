#pragma once
// A cache's capacity where its set structure counts it (issue 34): `size` becomes ways x sets x
// line, and the knee of the contiguous size sweep, where it differs, stays as a figure of its own
// (attr::contiguousKnee). A hashed set-associative cache whose sets were not counted keeps the
// knee as its size, at most 0.5: such an index moves the knee either way.
#include <string>

#include "analysis/assoc.hpp"
#include "benchmarks/run_context.hpp"

namespace ts {

void reportCapacity(RunContext& ctx, Element element, const Attribute& knee, const SetDecision& sets, double lineBytes,
                    const std::string& evidence);

}  // namespace ts
