#pragma once
// Bandwidth as a simulated GPU delivers it (docs/sim-profile.md, "Bandwidth"). Nothing names the
// level a request measures: which levels serve its loads follows from its working set, space and
// sweep, walked through the simulated caches; each level delivers at most its bytes per cycle,
// and an SM keeps at most `bytes_in_flight` of loads outstanding, which the latency of the levels
// serving them turns into a rate (Little's law). Stores go where the write policies send them.
#include <cstdint>
#include <map>
#include <tuple>
#include <vector>

#include "backend/backend.hpp"
#include "sim/profile.hpp"

namespace ts::sim_detail {

// One level a request's bytes come from or go to.
struct ServedShare {
    static constexpr int kDeviceMemory = -1;
    static constexpr int kScratchpad = -2;
    int cache = kDeviceMemory;  // index into the profile's caches, or one of the two above
    double share = 0;           // of the bytes loaded (stores: of the bytes that reach the level)
};

class BandwidthModel {
public:
    explicit BandwidthModel(const SimProfile& profile) : profile_(profile) {}

    // The request must be valid (SimBackend::bandwidth checks it). ±0.4 % seeded noise per
    // repetition; the best repetition wins.
    BandwidthResult run(const BandwidthRequest& request, std::uint64_t seed);

    // Where a read's bytes come from (shares add up to 1), or the traffic each level sees from
    // the request's stores (the first level 1, then what passes on).
    std::vector<ServedShare> readShares(const BandwidthRequest& request);
    std::vector<ServedShare> storeTraffic(const BandwidthRequest& request);

    // Bytes per cycle one SM/CU gets when the request reads (or writes) at `warpsPerUnit`
    // resident warps on each of `activeUnits` units.
    double readBytesPerCycle(const BandwidthRequest& request, int warpsPerUnit, int activeUnits);
    double storeBytesPerCycle(const BandwidthRequest& request, int warpsPerUnit, int activeUnits);

    // What one level (a cache index, or ServedShare's two) delivers one SM/CU a cycle when
    // `activeUnits` share it: the figure a roofline at full occupancy reads (the calibration's truth).
    double levelBytesPerCycle(int cache, bool store, int activeUnits) const;
    // What reads that this level alone serves reach per SM/CU a cycle with `warpsPerUnit` warps of
    // `loadsInFlight` loads each: its own limit, or what the bytes in flight over its latency allow.
    // `space` and `lanes` say what a load brings: AMD's scalar loads 16 bytes a wavefront, a
    // broadcast the level's bytes to every lane of a warp.
    double levelReadPlateau(int cache, int activeUnits, int warpsPerUnit, int loadsInFlight, Space space = Space::Global,
                            LaneAccess lanes = LaneAccess::Own) const;

private:
    // The share of a stream's second pass each of `caches` serves (the last entry: none of them).
    const std::vector<double>& secondPassShares(Space space, const std::vector<std::size_t>& caches, std::uint64_t bytes);
    Space pathSpace(Space requested) const;
    std::vector<ServedShare> holdShares(const BandwidthRequest& request);
    std::uint64_t unitShare(const BandwidthRequest& request, int activeUnits) const;
    double levelLatency(int cache) const;
    double bytesPerWarpLoad(Space space) const;
    double lanesPerByte(Space space, LaneAccess lanes) const;
    double bytesInFlight(int warpsPerUnit, int loadsInFlight, double perWarpLoad) const;

    const SimProfile& profile_;
    std::map<std::tuple<Space, std::vector<std::size_t>, std::uint64_t>, std::vector<double>> memo_;
};

}  // namespace ts::sim_detail
