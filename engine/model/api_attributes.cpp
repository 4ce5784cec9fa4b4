#include "model/api_attributes.hpp"

#include <string>
#include <utility>

#include "model/attribute_names.hpp"
#include "model/byte_text.hpp"

namespace ts {
namespace {

void api(Topology& t, Element e, const char* name, double value, const std::string& reason = {}) {
    if (value <= 0) return;
    Attribute a;
    a.name = name;
    a.value = value;
    a.source = Source::Api;
    a.method = t.device.backend == "sim" ? "simulated api" : "api";
    a.reason = reason;
    t.element(e).set(a);
}

// Some ROCm versions report the LDS of the whole device as the per-CU figure (MT4G's MI210 file:
// 6.5 MiB, 104 CUs x 64 KiB). A per-unit figure that is exactly the unit count times the
// per-block one is taken as that and divided back; the reason keeps what the API said.
std::pair<double, std::string> scratchPerUnit(const DeviceInfo& d) {
    const auto perUnit = static_cast<double>(d.sharedPerUnitBytes);
    if (d.unitCount < 2 || d.sharedPerBlockBytes == 0 ||
        d.sharedPerUnitBytes != static_cast<std::uint64_t>(d.unitCount) * d.sharedPerBlockBytes)
        return {perUnit, {}};
    return {static_cast<double>(d.sharedPerBlockBytes),
            "the API's per-unit figure, " + bytesText(d.sharedPerUnitBytes) + ", is " + std::to_string(d.unitCount) +
                " units x the per-block " + bytesText(d.sharedPerBlockBytes) + ": the whole device's, divided by the unit count"};
}

}  // namespace

void addApiAttributes(Topology& t) {
    const DeviceInfo& d = t.device;
    api(t, Element::L2, attr::apiSize, static_cast<double>(d.l2SizeBytes));
    api(t, Element::L2, attr::persistingL2CacheMaxSize, static_cast<double>(d.persistingL2MaxBytes));
    api(t, Element::L2, attr::apiLineSize, static_cast<double>(d.l2LineBytes));
    const Element scratch = d.vendor == Vendor::Nvidia ? Element::Shared : Element::Lds;
    const auto [perUnit, why] = scratchPerUnit(d);
    api(t, scratch, attr::sharedMemPerMultiProcessor, perUnit, why);
    api(t, scratch, attr::sharedMemPerBlock, static_cast<double>(d.sharedPerBlockBytes));
    api(t, scratch, attr::reservedSharedMemPerBlock, static_cast<double>(d.reservedSharedPerBlockBytes));
    if (d.vendor == Vendor::Nvidia) api(t, Element::ConstantL1, attr::totalConstMem, static_cast<double>(d.totalConstBytes));
    api(t, Element::DeviceMemory, attr::memoryBusWidth, d.memoryBusWidthBits);
    api(t, Element::DeviceMemory, attr::memoryClockRate, static_cast<double>(d.memoryClockKhz));
    api(t, Element::DeviceMemory, attr::totalGlobalMem, static_cast<double>(d.totalGlobalBytes));
}

}  // namespace ts
