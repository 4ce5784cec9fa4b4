#pragma once
#include <cstdint>
#include <string>

namespace ts {

// A count in full with its digits in groups of three, "4 194 304" (narrow no-break spaces, read
// alike in every language): no count of seven digits reads as one raw number.
std::string countText(std::int64_t count);

}  // namespace ts
