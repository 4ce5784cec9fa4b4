#pragma once
// Pinning a wave to one CU: a queue whose CU mask (hipExtStreamCreateWithCUMask) enables one
// bit. Which CU a bit enables is up to the driver and the hardware, so the backend probes
// every bit once (a one-wave kernel reads HW_ID) and keeps the answer.
#include <list>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "amd/cu_layout.hpp"
#include "hip/device_memory.hpp"
#include "chase_abi.hpp"

namespace ts::hipb {

class CuPinning {
public:
    // `maskBits`: the CU count HIP reports; `kfdActive`: the KFD's active CU slots (may be empty).
    CuPinning(int maskBits, amd::CuLayout layout, std::vector<int> kfdActive);

    // Probes every mask bit. Throws BackendError on HIP errors; notes what looks wrong.
    void calibrate();

    // Logical unit index -> physical CU slot, ascending.
    const std::vector<int>& physicalUnits() const { return physical_; }
    int physicalOf(const hipk::WaveIdentity& id) const { return amd::physicalCuSlot({id.hwId, id.xccId}, layout_); }
    const amd::CuLayout& layout() const { return layout_; }

    // A queue whose waves run on CU `physical` (cached; the least recently used is destroyed
    // beyond a handful, as each masked stream is a hardware queue of its own).
    hipStream_t streamFor(int physical);

    const std::vector<std::string>& notes() const { return notes_; }

private:
    Stream makeMaskedStream(int bit) const;

    int maskBits_;
    amd::CuLayout layout_;
    std::vector<int> kfdActive_;
    std::map<int, int> bitOfPhysical_;
    std::vector<int> physical_;
    std::list<std::pair<int, Stream>> streams_;  // most recently used first
    std::vector<std::string> notes_;
};

}  // namespace ts::hipb
