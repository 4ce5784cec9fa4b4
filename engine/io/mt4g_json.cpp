#include "io/mt4g_json.hpp"

#include <cmath>

namespace ts {
namespace {

using nlohmann::json;

json valueEntry(const Attribute& a) { return {{"unit", a.unit}, {"value", a.value}}; }

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
        if (a.name == "size" && e != Element::L2) out["size"] = sizeEntry(a);
        else if (a.name == "fetchGranularity" || (a.name == "lineSize" && a.source == Source::Benchmark))
            out[a.name] = sizeEntry(a);
        else if (a.name == "latency") out["latency"] = latencyEntry(a);
        else if (a.name == "missPenalty" && a.confidence > 0) out["missPenalty"] = valueEntry(a);
        else if (a.name == "amountPerUnit" && a.confidence > 0) out["amountPerMultiprocessor"] = std::llround(a.value);
        else if (a.name == "sharedWith") out["sharedWith"] = a.names;
        else if (a.name == "segmentSize") out["segmentSize"] = sizeEntry(a);
        else if (a.name == "apiSize") out["size"] = valueEntry(a);
        else if (a.name == "apiLineSize" && !out.contains("lineSize")) out["lineSize"] = valueEntry(a);
        else if (a.name == "readBandwidth" || a.name == "writeBandwidth" || a.name == "persistingL2CacheMaxSize" ||
                 a.name == "totalConstMem" || a.name == "memoryBusWidth" || a.name == "memoryClockRate" ||
                 a.name == "totalGlobalMem" || a.name == "sharedMemPerBlock" ||
                 a.name == "sharedMemPerMultiProcessor" || a.name == "reservedSharedMemPerBlock")
            out[a.name] = valueEntry(a);
        else if (a.name == "sharedBetween") {
            out["sharedBetween"] = a.groups;
            out["uniqueAmount"] = a.groups.size();
        }
    }
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
                              std::pair{Element::L3, "l3"}, std::pair{Element::Lds, "shared"}})
            if (auto s = section(e); !s.empty()) memory[key] = s;
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
