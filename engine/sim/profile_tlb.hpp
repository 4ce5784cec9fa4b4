#pragma once
// The optional `tlbs` key of a simulator profile: the address-translation levels, first level
// first (format in docs/sim-profile.md); errors name the field, e.g. `tlbs[1].page_size`.
#include <vector>

#include "sim/profile.hpp"
#include "sim/profile_reader.hpp"

namespace ts::sim_detail {

// Empty when the profile has no `tlbs` key (translation costs nothing).
std::vector<SimTlb> readTlbs(const ProfileReader& reader, const Json& root);

}  // namespace ts::sim_detail
