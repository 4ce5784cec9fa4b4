#pragma once
#include <string_view>
#include <vector>

namespace ts {

struct BuiltinProfile {
    std::string_view name;  // file name without .json: "h100"
    std::string_view text;  // the profile JSON
};

// Profiles of resources/profiles/, compiled into the binary.
const std::vector<BuiltinProfile>& builtinProfiles();

}  // namespace ts
