#include "model/api_attributes.hpp"
#include "model/attribute_names.hpp"

namespace ts {
namespace {

void api(Topology& t, Element e, const char* name, double value, const char* unit) {
    if (value <= 0) return;
    Attribute a;
    a.name = name;
    a.value = value;
    a.unit = unit;
    a.source = Source::Api;
    a.method = t.device.backend == "sim" ? "simulated api" : "api";
    t.element(e).set(a);
}

}  // namespace

void addApiAttributes(Topology& t) {
    const DeviceInfo& d = t.device;
    api(t, Element::L2, attr::apiSize, static_cast<double>(d.l2SizeBytes), "bytes");
    api(t, Element::L2, attr::persistingL2CacheMaxSize, static_cast<double>(d.persistingL2MaxBytes), "bytes");
    api(t, Element::L2, attr::apiLineSize, static_cast<double>(d.l2LineBytes), "bytes");
    const Element scratch = d.vendor == Vendor::Nvidia ? Element::Shared : Element::Lds;
    api(t, scratch, attr::sharedMemPerMultiProcessor, static_cast<double>(d.sharedPerUnitBytes), "bytes");
    api(t, scratch, attr::sharedMemPerBlock, static_cast<double>(d.sharedPerBlockBytes), "bytes");
    api(t, scratch, attr::reservedSharedMemPerBlock, static_cast<double>(d.reservedSharedPerBlockBytes), "bytes");
    if (d.vendor == Vendor::Nvidia) api(t, Element::ConstantL1, attr::totalConstMem, static_cast<double>(d.totalConstBytes), "bytes");
    api(t, Element::DeviceMemory, attr::memoryBusWidth, d.memoryBusWidthBits, "bit");
    api(t, Element::DeviceMemory, attr::memoryClockRate, static_cast<double>(d.memoryClockKhz), "kHz");
    api(t, Element::DeviceMemory, attr::totalGlobalMem, static_cast<double>(d.totalGlobalBytes), "bytes");
}

}  // namespace ts
