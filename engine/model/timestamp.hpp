#pragma once
#include <string>

namespace ts {

// The current time as ISO 8601 UTC, e.g. "2026-11-22T03:21:47Z".
std::string utcTimestamp();

}  // namespace ts
