// Setting, naming and reading back an attribute's marks (model/attribute.hpp, Mark).
#pragma once
#include <optional>
#include <string>
#include <string_view>

#include "model/attribute.hpp"

namespace ts {

// Stable ids in the report: "sharedGpu", "occupancyLimited", "projected".
std::string_view toString(Mark m);
std::optional<Mark> markFromString(std::string_view id);
// For people: "shared GPU", "limited by a neighbour's occupancy", "projected".
std::string_view displayName(Mark m);

// Sets the mark (once) and adds `sentence` to the reason, the words for it.
void markAttribute(Attribute& a, Mark m, const std::string& sentence);

}  // namespace ts
