#include "fleet/key_attributes.hpp"
#include "model/attribute_names.hpp"

#include <functional>
#include <map>
#include <stdexcept>

namespace ts::fleet {
namespace {

using Getter = std::function<std::optional<double>(const Topology&)>;

// Attribute `name` of the first of `elements` that has it; nullptr where none has.
const Attribute* firstWith(const Topology& t, const std::vector<Element>& elements, const std::string& name) {
    for (Element e : elements)
        if (const Attribute* a = t.find(e, name)) return a;
    return nullptr;
}

// A measured attribute of the first of `elements` that has it, when it is decided.
Getter measured(std::vector<Element> elements, std::string name) {
    return [elements = std::move(elements), name = std::move(name)](const Topology& t) -> std::optional<double> {
        const Attribute* a = firstWith(t, elements, name);
        if (!a || !a->isDecided()) return std::nullopt;
        return a->value;
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
    std::string name = {};   // the attribute read from `attribute.elements`; empty for API facts
    std::string group = {};  // the benchmark group that measures it; empty for API facts
};

// A key attribute that benchmark group `group` measures: `name` of the first of its elements that has it.
Entry measuredEntry(KeyAttribute attribute, std::string name, std::string group) {
    Getter get = measured(attribute.elements, name);
    return {std::move(attribute), std::move(get), std::move(name), std::move(group)};
}

const std::vector<Entry>& entries() {
    static const std::vector<Entry> list = [] {
        const std::vector<Element> l1{Element::L1, Element::VL1};
        const std::vector<Element> l2{Element::L2};
        const std::vector<Element> dram{Element::DeviceMemory};
        const std::vector<Element> shared{Element::Shared, Element::Lds};
        return std::vector<Entry>{
            measuredEntry({"l1.size", "L1 size", "B", 0, l1}, attr::size, "l1"),
            measuredEntry({"l2.size", "L2 size (measured)", "B", 0, l2}, attr::size, "l2"),
            measuredEntry({"l2.size_per_sm", "L2 usable size per SM", "B", 0, l2}, attr::segmentSize, "l2"),
            {{"l2.api_size", "L2 size (API)", "B", 0, l2}, api([](const DeviceInfo& d) { return double(d.l2SizeBytes); })},
            measuredEntry({"l2.shared_capacity", "L2 capacity all SMs share", "B", 0, l2}, attr::sharedCapacity, "l2"),
            measuredEntry({"l1.latency", "L1 hit latency", unit::cycles, 1, l1}, attr::latency, "l1"),
            measuredEntry({"l2.latency", "L2 hit latency", unit::cycles, 1, l2}, attr::latency, "l2"),
            measuredEntry({"l2.far_latency", "L2 far-segment latency", unit::cycles, 1, l2}, attr::farLatency, "l2"),
            measuredEntry({"shared.latency", "Shared memory / LDS latency", unit::cycles, 1, shared}, attr::latency, "shared"),
            measuredEntry({"dram.latency", "Device memory latency", unit::cycles, 1, dram}, attr::latency, "memory"),
            measuredEntry({"l2.read_bandwidth", "L2 read bandwidth", unit::gibPerSecond, 0, l2}, attr::readBandwidth, "bandwidth"),
            measuredEntry({"l2.write_bandwidth", "L2 write bandwidth", unit::gibPerSecond, 0, l2}, attr::writeBandwidth, "bandwidth"),
            measuredEntry({"dram.read_bandwidth", "Device memory read bandwidth", unit::gibPerSecond, 0, dram}, attr::readBandwidth, "bandwidth"),
            measuredEntry({"dram.write_bandwidth", "Device memory write bandwidth", unit::gibPerSecond, 0, dram}, attr::writeBandwidth, "bandwidth"),
            measuredEntry({"dram.copy_bandwidth", "Device memory copy bandwidth", unit::gibPerSecond, 0, dram}, attr::copyBandwidth, "bandwidth"),
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

const Entry* entryOf(const std::string& attributeId) {
    for (const auto& e : entries())
        if (e.attribute.id == attributeId) return &e;
    return nullptr;
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
    const Entry* e = entryOf(attributeId);
    return e ? e->get(topology) : std::nullopt;
}

std::string measuringGroup(const KeyAttribute& attribute) {
    const Entry* e = entryOf(attribute.id);
    return e ? e->group : std::string();
}

const Attribute* keySource(const Topology& topology, const std::string& attributeId) {
    const Entry* e = entryOf(attributeId);
    return e && !e->name.empty() ? firstWith(topology, e->attribute.elements, e->name) : nullptr;
}

}  // namespace ts::fleet
