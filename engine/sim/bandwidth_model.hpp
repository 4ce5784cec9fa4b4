#pragma once
#include <cstdint>

#include "backend/backend.hpp"
#include "sim/profile.hpp"

namespace ts::sim_detail {

// Peak rate x a smooth saturation in the fraction of the GPU's thread slots in flight, with
// ±0.4 % seeded noise per repetition (the best repetition wins). The request must be valid.
BandwidthResult modelBandwidth(const SimProfile& profile, const BandwidthRequest& request, std::uint64_t seed);

// The L2 whose read_gibs/write_gibs the L2 target uses: the first xcd/gpu-scope cache of
// global (NVIDIA) or vector (AMD) loads; nullptr if the profile has none.
const SimCache* bandwidthL2(const SimProfile& profile);

}  // namespace ts::sim_detail
