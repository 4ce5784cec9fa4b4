#pragma once
// Bandwidth kernels timed with HIP events, plus hipMemcpy device to device beside Copy.
#include "backend/backend.hpp"
#include "hip/device_memory.hpp"

namespace ts::hipb {

class BandwidthRunner {
public:
    BandwidthResult run(const BandwidthRequest& request);

private:
    DeviceBuffer src_, dst_, sink_, clocks_;
};

}  // namespace ts::hipb
