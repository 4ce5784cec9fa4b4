// Reasons as older engines wrote them, in today's words, as a file is loaded: the recordings of
// earlier versions (docs/results) said "rows [0,24) and [24,44)", "250880 B effective capacity",
// "line sizes 32..8192 B" and "0.466667 of", which the window and the sheet would show as written.
// Today's reasons pass unchanged.
#pragma once
#include <string>

namespace ts {

// - "rows [0,24)" -> "rows 1-24" (half-open from 0 -> inclusive from 1);
// - "32..8192 B" -> "32 B to 8 KiB", "24660992-26664960 B" -> "23.52 MiB to 25.43 MiB", "2..8" -> "2 to 8";
// - "250880 B" -> "245 KiB" (four digits or more), "262144 KiB" -> "256 MiB" (five or more);
// - "stride/missFraction = 32.0 B" -> "the stride over the share of loads that missed gives 32 B";
// - "0.466667" -> "0.467" (five significant decimals or more, to three significant digits).
// Also the steps of a recorded run ("sweep 262144 KiB .. 524288 KiB").
std::string proseOfLegacyReason(const std::string& reason);

}  // namespace ts
