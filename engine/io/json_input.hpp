#pragma once
// Parsing untrusted JSON: nesting deeper than kMaxJsonDepth is refused while parsing (a deep
// value would overflow the stack later, in any recursive copy, comparison or dump), every
// error is an InputError naming the origin, the line and column and the problem, and no
// message quotes more than a few dozen characters of the input.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace ts {

// Real files nest at most ~10 levels (a fleet report's member report's MIG layout); 64 leaves
// room for any future layout and keeps every recursive use of the tree far from the stack's end.
constexpr int kMaxJsonDepth = 64;

// Size limits of the JSON inputs, each far above any real file of its kind (docs/cli.md).
// A TopoScope report with every evidence series is 2.4 MiB for a simulated H100 and 82 MiB for
// an MI300X (its sharing sweeps), an MT4G report ~11 KiB, a profile ~7 KiB; a fleet report holds
// one report per GPU.
constexpr std::uint64_t kMaxReportBytes = 4ull << 30;         // 50 MI300X reports
constexpr std::uint64_t kMaxFleetReportBytes = 64ull << 30;  // 800 MI300X reports
constexpr std::uint64_t kMaxMt4gJsonBytes = 64ull << 20;     // 6000 MT4G reports
constexpr std::uint64_t kMaxProfileBytes = 16ull << 20;      // 3000 profiles
// One text field of a report or an MT4G report (a device name, a method, a reason, a warning):
// none is longer; a crafted one of megabytes stalled the GUI's text layout for minutes.
constexpr std::size_t kMaxInputTextBytes = 16 * 1024;

nlohmann::json parseJsonText(std::string_view text, const std::string& origin, int maxDepth = kMaxJsonDepth);

// Reads the file in chunks while parsing (a file whose first byte is wrong costs one chunk),
// after InputFile's type and size checks. `what` names the kind of input in messages.
nlohmann::json readJsonInput(const std::string& path, std::uint64_t maxBytes, std::string_view what,
                             int maxDepth = kMaxJsonDepth);

// A short rendering of a JSON value for a message, never the whole of a large or deep value:
// scalars as written (strings cut), containers by their type and size.
std::string describeJson(const nlohmann::json& value, std::size_t maxChars = 48);

// The deepest nesting of `value` (0 for a scalar), counted without recursion; stops counting
// at `limit` + 1.
int jsonDepth(const nlohmann::json& value, int limit = kMaxJsonDepth);

// `object[key]` where the object holds it, else `fallback`, without copying either (a report's
// series are most of its bytes: a copy doubles the memory a read needs).
const nlohmann::json& memberOr(const nlohmann::json& object, const char* key, const nlohmann::json& fallback);
// An empty array and object to pass as that fallback.
const nlohmann::json& emptyJsonArray();
const nlohmann::json& emptyJsonObject();

}  // namespace ts
