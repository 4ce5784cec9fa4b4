#include "model/api_attributes.hpp"
#include "model/attribute_names.hpp"

namespace ts {
namespace {

void api(Topology& t, Element e, const char* name, double value) {
    if (value <= 0) return;
    Attribute a;
    a.name = name;
    a.value = value;
    a.source = Source::Api;
    a.method = t.device.backend == "sim" ? "simulated api" : "api";
    t.element(e).set(a);
}

}  // namespace

void addApiAttributes(Topology& t) {
    const DeviceInfo& d = t.device;
    api(t, Element::L2, attr::apiSize, static_cast<double>(d.l2SizeBytes));
    api(t, Element::L2, attr::persistingL2CacheMaxSize, static_cast<double>(d.persistingL2MaxBytes));
    api(t, Element::L2, attr::apiLineSize, static_cast<double>(d.l2LineBytes));
    const Element scratch = d.vendor == Vendor::Nvidia ? Element::Shared : Element::Lds;
    api(t, scratch, attr::sharedMemPerMultiProcessor, static_cast<double>(d.sharedPerUnitBytes));
    api(t, scratch, attr::sharedMemPerBlock, static_cast<double>(d.sharedPerBlockBytes));
    api(t, scratch, attr::reservedSharedMemPerBlock, static_cast<double>(d.reservedSharedPerBlockBytes));
    if (d.vendor == Vendor::Nvidia) api(t, Element::ConstantL1, attr::totalConstMem, static_cast<double>(d.totalConstBytes));
    api(t, Element::DeviceMemory, attr::memoryBusWidth, d.memoryBusWidthBits);
    api(t, Element::DeviceMemory, attr::memoryClockRate, static_cast<double>(d.memoryClockKhz));
    api(t, Element::DeviceMemory, attr::totalGlobalMem, static_cast<double>(d.totalGlobalBytes));
}

}  // namespace ts
