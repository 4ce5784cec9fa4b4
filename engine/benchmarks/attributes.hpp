#pragma once
// Turning decisions and samples into reported attributes, the same way everywhere. Their units
// come from attr::units when RunContext::report takes them.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "analysis/analysis.hpp"
#include "model/attribute.hpp"

namespace ts {

// An attribute from an analysis decision; undecided means confidence 0.
Attribute attributeFrom(const Decision& d, const std::string& name, const std::string& evidence);

// A latency attribute: the median as value (one delayed load cannot move it), every
// statistic in `stats`, the timer overhead included and said so.
Attribute latencyAttribute(const std::string& name, const std::vector<std::uint32_t>& samples,
                           const std::string& evidence, const std::string& method = "p-chase",
                           const std::string& reason = "timer overhead included, not subtracted");

// Why an attribute has no value: its benchmark ran and could not decide (method "p-chase"), or
// it failed or did not run (method "not measured", Attribute::failed set).
enum class NotDecided { Undecided, Failed };

// An attribute that could not be measured: confidence 0 and `reason` says why ("size unknown",
// "failed: out of device memory ...", "not run: device lost: ...").
Attribute undecided(const std::string& name, const std::string& reason, NotDecided why = NotDecided::Undecided);

// A benchmark result held to at most `cap`, `why` put in front of its reason; none where it is
// an API value or already no surer than that.
std::optional<Attribute> heldTo(const Attribute& a, double cap, const std::string& why);

}  // namespace ts
