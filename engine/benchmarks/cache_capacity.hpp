#pragma once
// A cache's capacity where its set structure counts it (issue 34): `size` becomes ways x sets x
// line, and the knee of the contiguous size sweep, where it differs, stays as a figure of its own
// (attr::contiguousKnee). A hashed set-associative cache whose sets were not counted keeps the
// knee as its size, at most 0.5: such an index moves the knee either way.
#include <optional>
#include <string>

#include "analysis/assoc.hpp"
#include "benchmarks/run_context.hpp"

namespace ts {

void reportCapacity(RunContext& ctx, Element element, const Attribute& knee, const SetDecision& sets, double lineBytes,
                    const std::string& evidence);

// Where no set structure could be counted (`why`): the size stays the knee, at most 0.5.
void reportKneeOnly(RunContext& ctx, Element element, const Attribute& knee, const std::string& why);

// The replacement policy decided: under tree-PLRU or random replacement the contiguous knee is
// held at 0.8 (misses grow gradually past the first full set).
void holdKneeForPolicy(RunContext& ctx, Element element, const std::string& policy);

// `element` is one cache with `owner` (physical sharing, every pair confirmed): where the owner's
// capacity was counted, it is `element`'s size too, its own knee kept as attr::contiguousKnee;
// where the owner is hashed and its sets were not counted, `element`'s knee-read size is capped as
// the owner's is. `sharing`: the sharing verdict's confidence.
// The cache `element` is one with (physical sharing, decided) whose set structure was measured
// already: its ways, sets and policy are that cache's, measured once, not again on this path.
std::optional<Element> setStructureMeasuredAs(const Topology& t, Element element);

void shareCapacity(RunContext& ctx, Element element, Element owner, const std::string& ownerTitle, double sharing);

}  // namespace ts
