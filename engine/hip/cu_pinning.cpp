#include "hip/cu_pinning.hpp"

#include <algorithm>

#include "backend/backend.hpp"
#include "hip/hip_error.hpp"
#include "launch_api.hpp"

namespace ts::hipb {
namespace {

constexpr std::size_t kMaxPinnedStreams = 8;

std::string slotList(const std::vector<int>& v, std::size_t max = 12) {
    std::string s;
    for (std::size_t i = 0; i < v.size() && i < max; ++i) {
        if (i) s += ',';
        s += std::to_string(v[i]);
    }
    return s + (v.size() > max ? ",..." : "");
}

}  // namespace

CuPinning::CuPinning(int maskBits, amd::CuLayout layout, std::vector<int> kfdActive)
    : maskBits_(maskBits), layout_(layout), kfdActive_(std::move(kfdActive)) {}

Stream CuPinning::makeMaskedStream(int bit) const {
    std::vector<std::uint32_t> mask(static_cast<std::size_t>((maskBits_ + 31) / 32), 0);
    mask[static_cast<std::size_t>(bit / 32)] = 1u << (bit % 32);
    hipStream_t s = nullptr;
    check(hipExtStreamCreateWithCUMask(&s, static_cast<std::uint32_t>(mask.size()), mask.data()),
          "hipExtStreamCreateWithCUMask (CU mask bit " + std::to_string(bit) + ")");
    return Stream(s);
}

void CuPinning::calibrate() {
    DeviceBuffer ids;
    ids.reserve(sizeof(hipk::WaveIdentity) * static_cast<std::size_t>(maskBits_), "CU probe results");
    check(hipMemset(ids.get(), 0xff, ids.size()), "clearing CU probe results");
    for (int bit = 0; bit < maskBits_; ++bit) {
        Stream s = makeMaskedStream(bit);
        check(hipk::launchProbe(ids.as<hipk::WaveIdentity>() + bit, 1, s.get()), "CU probe launch");
        check(hipStreamSynchronize(s.get()), "CU probe");
    }
    std::vector<hipk::WaveIdentity> host(static_cast<std::size_t>(maskBits_));
    check(hipMemcpy(host.data(), ids.get(), sizeof(hipk::WaveIdentity) * host.size(), hipMemcpyDeviceToHost),
          "reading CU probe results");

    std::vector<int> byBit;
    for (int bit = 0; bit < maskBits_; ++bit) {
        const int slot = physicalOf(host[static_cast<std::size_t>(bit)]);
        byBit.push_back(slot);
        if (slot < 0) {
            notes_.push_back("CU mask bit " + std::to_string(bit) + ": HW_ID " +
                             std::to_string(host[static_cast<std::size_t>(bit)].hwId) + " lies outside the CU layout");
            continue;
        }
        if (!bitOfPhysical_.emplace(slot, bit).second)
            notes_.push_back("CU mask bits " + std::to_string(bitOfPhysical_[slot]) + " and " + std::to_string(bit) +
                             " both ran on CU " + std::to_string(slot) + ": bit " + std::to_string(bit) + " unused");
    }
    for (const auto& [slot, bit] : bitOfPhysical_) physical_.push_back(slot);
    if (physical_.empty()) throw BackendError("hip: no CU mask bit placed a wave on a known CU: cannot pin waves");

    if (!kfdActive_.empty() && physical_ != kfdActive_)
        notes_.push_back("CUs reached through CU masks (" + slotList(physical_) + ") differ from the KFD's active CUs (" +
                         slotList(kfdActive_) + ")");
    if (!kfdActive_.empty()) {
        const std::vector<int> predicted = amd::predictCuMaskOrder(layout_, kfdActive_);
        int differ = 0;
        for (std::size_t b = 0; b < byBit.size(); ++b)
            if (b >= predicted.size() || predicted[b] != byBit[b]) ++differ;
        if (differ > 0)
            notes_.push_back(std::to_string(differ) + " of " + std::to_string(byBit.size()) +
                             " CU mask bits landed elsewhere than the driver's symmetric mapping predicts");
    }
}

hipStream_t CuPinning::streamFor(int physical) {
    for (auto it = streams_.begin(); it != streams_.end(); ++it) {
        if (it->first != physical) continue;
        streams_.splice(streams_.begin(), streams_, it);
        return streams_.front().second.get();
    }
    const auto bit = bitOfPhysical_.find(physical);
    if (bit == bitOfPhysical_.end())
        throw BackendError("hip: CU " + std::to_string(physical) + " cannot be reached through a CU mask");
    if (streams_.size() >= kMaxPinnedStreams) {
        (void)hipStreamSynchronize(streams_.back().second.get());
        streams_.pop_back();
    }
    streams_.emplace_front(physical, makeMaskedStream(bit->second));
    return streams_.front().second.get();
}

}  // namespace ts::hipb
