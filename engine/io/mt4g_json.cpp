#include "io/mt4g_json.hpp"
#include "model/attribute_names.hpp"

#include <algorithm>
#include <cmath>

namespace ts {
namespace {

using nlohmann::json;

// MT4G writes byte counts, clock rates and bus widths as integers; cycles and bandwidths as reals.
json valueEntry(const Attribute& a) {
    const bool whole = a.unit == unit::bytes || a.unit == unit::kHz || a.unit == unit::bit;
    if (whole) return {{"unit", a.unit}, {"value", std::llround(a.value)}};
    return {{"unit", a.unit}, {"value", a.value}};
}

json sizeEntry(const Attribute& a) {
    return {{"confidence", a.confidence}, {"method", a.method.empty() ? "p-chase" : a.method},
            {"randomized", false},        {"size", std::llround(a.value)},
            {"unit", "bytes"}};
}

json latencyEntry(const Attribute& a) {
    const LatencyStats s = a.stats.value_or(LatencyStats{a.value, a.value, a.value, 0, a.value, a.value, 0});
    return {{"mean", s.mean},  {"measurements", s.samples}, {"method", "p-chase"}, {"p50", s.p50},
            {"p95", s.p95},    {"sampleSize", s.samples},   {"stdev", s.stdev},    {"unit", "cycles"}};
}

// Writes the attributes MT4G knows for one cache into `out`.
void cacheEntries(const Topology& t, Element e, json& out) {
    auto it = t.elements.find(e);
    if (it == t.elements.end()) return;
    for (const Attribute& a : it->second.attributes) {
        if (a.name == attr::size && e != Element::L2) out["size"] = sizeEntry(a);
        else if (a.name == attr::fetchGranularity || (a.name == attr::lineSize && a.source == Source::Benchmark))
            out[a.name] = sizeEntry(a);
        else if (a.name == attr::latency) out["latency"] = latencyEntry(a);
        else if (a.name == attr::missPenalty && a.confidence > 0) out["missPenalty"] = valueEntry(a);
        else if (a.name == attr::amountPerUnit && a.confidence > 0) out["amountPerMultiprocessor"] = std::llround(a.value);
        // MT4G leaves the key out for a cache shared with nobody; sys-sage reads its presence (even
        // empty, for the constant L1) as "this cache is part of another one".
        else if (a.name == attr::sharedWith && !a.names.empty()) out["sharedWith"] = a.names;
        else if (a.name == attr::segmentSize) out["segmentSize"] = sizeEntry(a);
        else if (a.name == attr::apiSize) out["size"] = valueEntry(a);
        else if (a.name == attr::apiLineSize && !out.contains("lineSize")) out["lineSize"] = valueEntry(a);
        else if (a.name == attr::readBandwidth || a.name == attr::writeBandwidth || a.name == attr::persistingL2CacheMaxSize ||
                 a.name == attr::totalConstMem || a.name == attr::memoryBusWidth || a.name == attr::memoryClockRate ||
                 a.name == attr::totalGlobalMem || a.name == attr::sharedMemPerBlock ||
                 a.name == attr::sharedMemPerMultiProcessor || a.name == attr::reservedSharedMemPerBlock)
            out[a.name] = valueEntry(a);
        else if (a.name == attr::sharedBetween) {
            out["sharedBetween"] = a.groups;
            out["uniqueAmount"] = a.groups.size();
        }
    }
}

// MT4G's L3 entry holds the size and line size as {unit, value} (what the runtime reports); an
// undecided measurement is left out, and so is the whole entry when nothing of the L3 was decided
// (MT4G writes no "l3" for a GPU without one).
json l3Section(const Topology& t) {
    auto it = t.elements.find(Element::L3);
    if (it == t.elements.end()) return json::object();
    const auto& attributes = it->second.attributes;
    if (std::none_of(attributes.begin(), attributes.end(), [](const Attribute& a) { return a.confidence > 0; }))
        return json::object();
    json out = json::object();
    cacheEntries(t, Element::L3, out);
    for (auto [measuredName, apiName] : {std::pair{attr::size, attr::apiSize}, std::pair{attr::lineSize, attr::apiLineSize}}) {
        out.erase(measuredName);
        const Attribute* api = t.find(Element::L3, apiName);
        const Attribute* measured = t.find(Element::L3, measuredName);
        if (api) out[measuredName] = valueEntry(*api);
        else if (measured && measured->confidence > 0) out[measuredName] = valueEntry(*measured);
    }
    for (const char* key : {attr::fetchGranularity, attr::latency})
        if (const Attribute* a = t.find(Element::L3, key); a && a->confidence <= 0) out.erase(key);
    return out;
}

json computeSection(const DeviceInfo& d) {
    json c{{"concurrentKernels", d.concurrentKernels},
           {"maxBlocksPerMultiProcessor", d.maxBlocksPerUnit},
           {"maxThreadsPerBlock", d.maxThreadsPerBlock},
           {"maxThreadsPerMultiProcessor", d.maxThreadsPerUnit},
           {"multiProcessorCount", d.unitCount},
           {"numberOfCoresPerMultiProcessor", d.coresPerUnit},
           {"regsPerBlock", d.regsPerBlock},
           {"regsPerMultiProcessor", d.regsPerUnit},
           {"supportsCooperativeLaunch", d.cooperativeLaunch},
           {"warpSize", d.warpSize}};
    if (d.vendor == Vendor::Amd) {
        c["computeUnitsPerDie"] = d.xcds > 0 ? d.unitCount / d.xcds : d.unitCount;
        c["numSIMDsPerCU"] = d.simdsPerUnit;
        c["numXCDs"] = d.xcds;
    }
    return c;
}

}  // namespace

json topologyToMt4gJson(const Topology& t) {
    const DeviceInfo& d = t.device;
    json memory = json::object();
    const bool nvidia = d.vendor == Vendor::Nvidia;
    auto section = [&](Element e) {
        json out = json::object();
        cacheEntries(t, e, out);
        return out;
    };
    if (nvidia) {
        json constant = json::object();
        if (auto l1 = section(Element::ConstantL1); !l1.empty()) {
            if (l1.contains("totalConstMem")) {
                constant["totalConstMem"] = l1["totalConstMem"];
                l1.erase("totalConstMem");
            }
            if (!l1.empty()) constant["l1"] = l1;
        }
        if (auto l15 = section(Element::ConstantL15); !l15.empty()) constant["l1.5"] = l15;
        if (!constant.empty()) memory["constant"] = constant;
        for (auto [e, key] : {std::pair{Element::L1, "l1"}, std::pair{Element::Texture, "texture"},
                              std::pair{Element::ReadOnly, "readOnly"}, std::pair{Element::Shared, "shared"}})
            if (auto s = section(e); !s.empty()) memory[key] = s;
    } else {
        for (auto [e, key] : {std::pair{Element::VL1, "l1"}, std::pair{Element::SL1D, "scalarL1"},
                              std::pair{Element::Lds, "shared"}})
            if (auto s = section(e); !s.empty()) memory[key] = s;
        if (auto l3 = l3Section(t); !l3.empty()) memory["l3"] = l3;
        // MT4G writes the runtime's constant memory limit on AMD too (sys-sage requires it).
        if (d.totalConstBytes > 0)
            memory["constant"] = {{"totalConstMem", {{"unit", "bytes"}, {"value", d.totalConstBytes}}}};
    }
    if (auto l2 = section(Element::L2); !l2.empty()) memory["l2"] = l2;
    if (auto main = section(Element::DeviceMemory); !main.empty()) memory["main"] = main;

    return {{"compute", computeSection(d)},
            {"general",
             {{"asicRevision", d.asicRevision},
              {"clockRate", {{"unit", "kHz"}, {"value", d.clockKhz}}},
              {"computeCapability", {{"major", d.ccMajor}, {"minor", d.ccMinor}}},
              {"name", d.name},
              {"vendor", std::string(toString(d.vendor))}}},
            {"memory", memory},
            {"meta", {{"driver", d.driver}, {"timestamp", t.timestamp}, {"tool", "TopoScope " + t.toolVersion}}}};
}

}  // namespace ts
