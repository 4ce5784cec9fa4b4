#include "fleet/key_attributes.hpp"
#include "model/attribute_names.hpp"

#include <functional>
#include <map>
#include <stdexcept>

namespace ts::fleet {
namespace {

using Getter = std::function<std::optional<double>(const Topology&)>;

// A measured (or API) attribute of the first of `elements` that has it, when it is decided.
Getter measured(std::vector<Element> elements, std::string name) {
    return [elements = std::move(elements), name = std::move(name)](const Topology& t) -> std::optional<double> {
        for (Element e : elements)
            if (const Attribute* a = t.find(e, name)) {
                if (!a->isDecided()) return std::nullopt;
                return a->value;
            }
        return std::nullopt;
    };
}

// An API fact from DeviceInfo; 0 means the API did not report it.
Getter api(std::function<double(const DeviceInfo&)> field) {
    return [field = std::move(field)](const Topology& t) -> std::optional<double> {
        const double v = field(t.device);
        if (v <= 0) return std::nullopt;
        return v;
    };
}

// A number the backend put into DeviceInfo::extra (e.g. NVML's current clocks).
Getter extraNumber(std::string key) {
    return [key = std::move(key)](const Topology& t) -> std::optional<double> {
        auto it = t.device.extra.find(key);
        if (it == t.device.extra.end()) return std::nullopt;
        try {
            std::size_t used = 0;
            const double v = std::stod(it->second, &used);
            if (used != it->second.size() || !(v > 0)) return std::nullopt;
            return v;
        } catch (const std::exception&) {
            return std::nullopt;
        }
    };
}

struct Entry {
    KeyAttribute attribute;
    Getter get;
    std::string name = {};  // the attribute read from `attribute.elements`; empty for API facts
};

// A key attribute measured by a benchmark: `name` of the first of its elements that has it.
Entry measuredEntry(KeyAttribute attribute, std::string name) {
    Getter get = measured(attribute.elements, name);
    return {std::move(attribute), std::move(get), std::move(name)};
}

const std::vector<Entry>& entries() {
    static const std::vector<Entry> list = [] {
        const std::vector<Element> l1{Element::L1, Element::VL1};
        const std::vector<Element> l2{Element::L2};
        const std::vector<Element> dram{Element::DeviceMemory};
        const std::vector<Element> shared{Element::Shared, Element::Lds};
        return std::vector<Entry>{
            measuredEntry({"l1.size", "L1 size", "B", 0, l1}, attr::size),
            measuredEntry({"l2.size", "L2 size (measured)", "B", 0, l2}, attr::size),
            measuredEntry({"l2.size_per_sm", "L2 usable size per SM", "B", 0, l2}, attr::segmentSize),
            {{"l2.api_size", "L2 size (API)", "B", 0, l2}, api([](const DeviceInfo& d) { return double(d.l2SizeBytes); })},
            measuredEntry({"l2.shared_capacity", "L2 capacity all SMs share", "B", 0, l2}, attr::sharedCapacity),
            measuredEntry({"l1.latency", "L1 hit latency", "cycles", 1, l1}, attr::latency),
            measuredEntry({"l2.latency", "L2 hit latency", "cycles", 1, l2}, attr::latency),
            measuredEntry({"l2.far_latency", "L2 far-segment latency", "cycles", 1, l2}, attr::farLatency),
            measuredEntry({"shared.latency", "Shared memory / LDS latency", "cycles", 1, shared}, attr::latency),
            measuredEntry({"dram.latency", "Device memory latency", "cycles", 1, dram}, attr::latency),
            measuredEntry({"l2.read_bandwidth", "L2 read bandwidth", "GiB/s", 0, l2}, attr::readBandwidth),
            measuredEntry({"l2.write_bandwidth", "L2 write bandwidth", "GiB/s", 0, l2}, attr::writeBandwidth),
            measuredEntry({"dram.read_bandwidth", "Device memory read bandwidth", "GiB/s", 0, dram}, attr::readBandwidth),
            measuredEntry({"dram.write_bandwidth", "Device memory write bandwidth", "GiB/s", 0, dram}, attr::writeBandwidth),
            measuredEntry({"dram.copy_bandwidth", "Device memory copy bandwidth", "GiB/s", 0, dram}, attr::copyBandwidth),
            {{"device.sm_count", "SMs / CUs", ""}, api([](const DeviceInfo& d) { return double(d.unitCount); })},
            {{"device.sm_clock", "SM clock (API)", "MHz"}, api([](const DeviceInfo& d) { return d.clockKhz / 1000.0; })},
            {{"device.sm_clock_now", "SM clock now (NVML)", "MHz"}, extraNumber("sm_clock_mhz_now")},
            {{"device.memory_clock", "Memory clock (API)", "MHz"},
             api([](const DeviceInfo& d) { return d.memoryClockKhz / 1000.0; })},
            {{"device.memory_size", "Device memory (API)", "B"},
             api([](const DeviceInfo& d) { return double(d.totalGlobalBytes); })},
        };
    }();
    return list;
}

}  // namespace

const std::vector<KeyAttribute>& keyAttributes() {
    static const std::vector<KeyAttribute> list = [] {
        std::vector<KeyAttribute> out;
        for (const auto& e : entries()) out.push_back(e.attribute);
        return out;
    }();
    return list;
}

std::optional<double> keyValue(const Topology& topology, const std::string& attributeId) {
    for (const auto& e : entries())
        if (e.attribute.id == attributeId) return e.get(topology);
    return std::nullopt;
}

std::string measuringGroup(const KeyAttribute& attribute) {
    const std::string& id = attribute.id;
    const auto startsWith = [&](const char* prefix) { return id.rfind(prefix, 0) == 0; };
    if (id.find("bandwidth") != std::string::npos) return "bandwidth";
    if (startsWith("l1.")) return "l1";
    if (id == "l2.api_size") return "";
    if (startsWith("l2.")) return "l2";
    if (startsWith("shared.")) return "shared";
    if (startsWith("dram.")) return "memory";
    return "";  // device.*: the API's
}

const Attribute* keySource(const Topology& topology, const std::string& attributeId) {
    for (const auto& e : entries()) {
        if (e.attribute.id != attributeId || e.name.empty()) continue;
        for (Element element : e.attribute.elements)
            if (const Attribute* a = topology.find(element, e.name)) return a;
    }
    return nullptr;
}

}  // namespace ts::fleet
