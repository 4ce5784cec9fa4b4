#pragma once
#include "sim/profile.hpp"
#include "sim/profile_reader.hpp"

namespace ts::sim_detail {

// Rules that relate several fields of a profile (line vs size, groups vs CU ids, ...), and the
// basic ranges the simulator relies on. Throws ProfileError through `reader`, naming the field.
void checkProfile(const SimProfile& profile, const ProfileReader& reader);

}  // namespace ts::sim_detail
