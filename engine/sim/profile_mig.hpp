#pragma once
// The optional `mig` key of a simulator profile as a typed MigLayout (format in
// docs/sim-profile.md); every error names the field, e.g. `mig.profiles[1].placements[0].size`.
#include <optional>

#include "model/mig.hpp"
#include "sim/profile_reader.hpp"

namespace ts::sim_detail {

// Nothing when the profile has no `mig` key. `totalSms` and `totalMemoryBytes` bound the profiles.
std::optional<MigLayout> readMig(const ProfileReader& reader, const Json& root, int totalSms,
                                 std::uint64_t totalMemoryBytes);

}  // namespace ts::sim_detail
