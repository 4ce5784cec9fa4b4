#include "io/mt4g_json_read.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <filesystem>
#include <optional>

#include "model/api_attributes.hpp"
#include "io/input_error.hpp"
#include "io/input_file.hpp"
#include "io/json_input.hpp"
#include "io/mt4g_raw.hpp"
#include "model/attribute_names.hpp"

namespace ts {
namespace {

using nlohmann::json;

constexpr double kAbsurdBytes = 1e15;  // a petabyte: no GPU memory element is that large

// Typed, range-checked access; every problem is an InputError naming the file and the key.
class Fields {
public:
    explicit Fields(std::string origin) : origin_(std::move(origin)) {}

    const json* object(const json& parent, const std::string& key, const std::string& where) const {
        auto it = parent.find(key);
        if (it == parent.end() || it->is_null()) return nullptr;
        if (!it->is_object()) fail(where + "." + key, "expected an object, got " + std::string(it->type_name()));
        return &*it;
    }
    std::optional<double> number(const json& parent, const std::string& key, const std::string& where,
                                 double lo = 0, double hi = kAbsurdBytes) const {
        auto it = parent.find(key);
        if (it == parent.end() || it->is_null()) return std::nullopt;
        if (!it->is_number()) fail(where + "." + key, "expected a number, got " + std::string(it->type_name()));
        const double v = it->get<double>();
        if (!std::isfinite(v) || v < lo || v > hi) fail(where + "." + key, "absurd value " + describeJson(*it));
        return v;
    }
    std::string text(const json& parent, const std::string& key, const std::string& where) const {
        auto it = parent.find(key);
        if (it == parent.end() || it->is_null()) return "";
        if (it->is_number()) return it->dump();  // MT4G writes the driver version as a number
        if (!it->is_string()) fail(where + "." + key, "expected a string, got " + std::string(it->type_name()));
        if (it->get_ref<const std::string&>().size() > kMaxInputTextBytes)
            fail(where + "." + key, std::to_string(it->get_ref<const std::string&>().size()) + " bytes of text (at most " +
                                        std::to_string(kMaxInputTextBytes) + ": no name or method is so long)");
        return it->get<std::string>();
    }
    bool flag(const json& parent, const std::string& key, const std::string& where) const {
        auto it = parent.find(key);
        if (it == parent.end() || it->is_null()) return false;
        if (!it->is_boolean()) fail(where + "." + key, "expected true or false, got " + std::string(it->type_name()));
        return it->get<bool>();
    }
    // {"value": v, "unit": u}: an API fact.
    std::optional<double> apiValue(const json& section, const std::string& key, const std::string& where) const {
        const json* entry = object(section, key, where);
        return entry ? number(*entry, "value", where + "." + key) : std::nullopt;
    }
    [[noreturn]] void fail(const std::string& where, const std::string& problem) const {
        throw InputError(origin_ + ": " + where + ": " + problem);
    }

private:
    std::string origin_;
};

// Saturates instead of overflowing: a cast of an out-of-range double is undefined behaviour.
template <typename T>
T clampTo(std::optional<double> v) {
    if (!v || std::isnan(*v)) return T{};
    if (*v <= static_cast<double>(std::numeric_limits<T>::lowest())) return std::numeric_limits<T>::lowest();
    if (*v >= static_cast<double>(std::numeric_limits<T>::max())) return std::numeric_limits<T>::max();
    return static_cast<T>(*v);
}

// MT4G writes the driver's version number as the runtime returns it: CUDA's 1000 x major + 10 x
// minor (12020: CUDA 12.2), HIP's 10^7 x major + 10^5 x minor + patch (60342134: HIP 6.3.42134).
// Anything else (a text, a number that fits neither) is kept as written.
std::string driverText(const std::string& written, Vendor vendor) {
    if (written.empty() || written.find_first_not_of("0123456789") != std::string::npos || written.size() > 12) return written;
    const long long v = std::stoll(written);
    if (vendor == Vendor::Amd && v >= 10000000)
        return "HIP " + std::to_string(v / 10000000) + "." + std::to_string(v / 100000 % 100) + "." + std::to_string(v % 100000);
    if (vendor == Vendor::Nvidia && v >= 1000 && v < 1000000)
        return "CUDA " + std::to_string(v / 1000) + "." + std::to_string(v % 1000 / 10);
    return written;
}

void readDevice(const json& j, const Fields& f, DeviceInfo& d) {
    const json* general = f.object(j, "general", "top level");
    if (!general) f.fail("general", "missing: not an MT4G report");
    d.name = f.text(*general, "name", "general");
    const std::string vendor = f.text(*general, "vendor", "general");
    if (vendor != "NVIDIA" && vendor != "AMD") f.fail("general.vendor", "expected \"NVIDIA\" or \"AMD\", got \"" + cutForMessage(vendor) + "\"");
    d.vendor = vendor == "AMD" ? Vendor::Amd : Vendor::Nvidia;
    d.asicRevision = clampTo<int>(f.number(*general, "asicRevision", "general", 0, 1e6));
    if (const json* clock = f.object(*general, "clockRate", "general"))
        d.clockKhz = clampTo<std::uint64_t>(f.number(*clock, "value", "general.clockRate", 0, 1e9));
    if (const json* cc = f.object(*general, "computeCapability", "general")) {
        d.ccMajor = clampTo<int>(f.number(*cc, "major", "general.computeCapability", 0, 1000));
        d.ccMinor = clampTo<int>(f.number(*cc, "minor", "general.computeCapability", 0, 1000));
    }
    if (const json* c = f.object(j, "compute", "top level")) {
        const std::string w = "compute";
        d.unitCount = clampTo<int>(f.number(*c, "multiProcessorCount", w, 0, 100000));
        d.warpSize = c->contains("warpSize") ? clampTo<int>(f.number(*c, "warpSize", w, 1, 1024)) : d.warpSize;
        d.coresPerUnit = clampTo<int>(f.number(*c, "numberOfCoresPerMultiProcessor", w, 0, 1e6));
        d.maxThreadsPerBlock = clampTo<int>(f.number(*c, "maxThreadsPerBlock", w, 0, 1e6));
        d.maxThreadsPerUnit = clampTo<int>(f.number(*c, "maxThreadsPerMultiProcessor", w, 0, 1e6));
        d.maxBlocksPerUnit = clampTo<int>(f.number(*c, "maxBlocksPerMultiProcessor", w, 0, 1e6));
        d.regsPerBlock = clampTo<int>(f.number(*c, "regsPerBlock", w, 0, 1e9));
        d.regsPerUnit = clampTo<int>(f.number(*c, "regsPerMultiProcessor", w, 0, 1e9));
        d.concurrentKernels = f.flag(*c, "concurrentKernels", w);
        d.cooperativeLaunch = f.flag(*c, "supportsCooperativeLaunch", w);
        if (c->contains("numXCDs")) d.xcds = clampTo<int>(f.number(*c, "numXCDs", w, 1, 1000));
        d.simdsPerUnit = clampTo<int>(f.number(*c, "numSIMDsPerCU", w, 0, 1000));
    }
    if (const json* meta = f.object(j, "meta", "top level")) d.driver = driverText(f.text(*meta, "driver", "meta"), d.vendor);
    d.backend = "mt4g";
}

void readApiMemory(const json& memory, const Fields& f, DeviceInfo& d) {
    if (const json* l2 = f.object(memory, "l2", "memory")) {
        d.l2SizeBytes = clampTo<std::uint64_t>(f.apiValue(*l2, "size", "memory.l2"));
        d.l2LineBytes = clampTo<std::uint64_t>(f.apiValue(*l2, "lineSize", "memory.l2"));
        d.persistingL2MaxBytes = clampTo<std::uint64_t>(f.apiValue(*l2, "persistingL2CacheMaxSize", "memory.l2"));
    }
    if (const json* shared = f.object(memory, "shared", "memory")) {
        d.sharedPerUnitBytes = clampTo<std::uint64_t>(f.apiValue(*shared, "sharedMemPerMultiProcessor", "memory.shared"));
        d.sharedPerBlockBytes = clampTo<std::uint64_t>(f.apiValue(*shared, "sharedMemPerBlock", "memory.shared"));
        d.reservedSharedPerBlockBytes =
            clampTo<std::uint64_t>(f.apiValue(*shared, "reservedSharedMemPerBlock", "memory.shared"));
    }
    if (const json* constant = f.object(memory, "constant", "memory"))
        d.totalConstBytes = clampTo<std::uint64_t>(f.apiValue(*constant, "totalConstMem", "memory.constant"));
    if (const json* main = f.object(memory, "main", "memory")) {
        d.memoryBusWidthBits = clampTo<int>(f.apiValue(*main, "memoryBusWidth", "memory.main"));
        d.memoryClockKhz = clampTo<std::uint64_t>(f.apiValue(*main, "memoryClockRate", "memory.main"));
        d.totalGlobalBytes = clampTo<std::uint64_t>(f.apiValue(*main, "totalGlobalMem", "memory.main"));
    }
}

// Its unit comes from the attribute table when the topology takes it (ElementReport::set).
Attribute measured(const std::string& name, double value, const std::string& method, double confidence) {
    Attribute a;
    a.name = name;
    a.value = value;
    a.source = Source::Benchmark;
    a.method = method.empty() ? "MT4G" : "MT4G " + method;
    a.confidence = confidence;
    return a;
}

// Bytes per unit of an entry's "unit" (MT4G writes "bytes"; "B", "KiB", "MiB", "GiB" and their
// decimal-looking spellings, which MT4G means as powers of two, are read too); none: bytes.
double bytesPerUnit(const json& entry, const std::string& where, const Fields& f) {
    const std::string unit = f.text(entry, "unit", where);
    if (unit.empty() || unit == "bytes" || unit == "byte" || unit == "B") return 1;
    if (unit == "KiB" || unit == "KB" || unit == "kB") return 1024.0;
    if (unit == "MiB" || unit == "MB") return 1024.0 * 1024;
    if (unit == "GiB" || unit == "GB") return 1024.0 * 1024 * 1024;
    f.fail(where + ".unit", "'" + unit + "' is not a size unit (bytes, KiB, MiB, GiB)");
}

// MT4G writes the L3's size and line size as {unit, value}, the runtime's figures; the device has no
// field for them, so they stay with the L3 as its API attributes.
void readL3ApiEntry(const json& entry, const std::string& key, const std::string& where, const Fields& f,
                    ElementReport& report) {
    const auto value = f.number(entry, "value", where, 0, 1e15);
    if (!value) return;
    Attribute a;
    a.name = key == attr::size ? attr::apiSize : key == attr::lineSize ? attr::apiLineSize : "";
    if (a.name.empty()) return;
    a.value = *value * bytesPerUnit(entry, where, f);
    a.source = Source::Api;
    a.method = "MT4G api";
    report.set(a);
}

// One cache section ("l1", "scalarL1", ...): its measured entries become attributes of `element`.
void readSection(const json& s, const std::string& where, Element element, const Fields& f, Topology& t) {
    auto& report = t.element(element);
    for (const char* key : {"size", "lineSize", "fetchGranularity", "segmentSize"}) {
        const json* entry = f.object(s, key, where);
        if (entry && !entry->contains("size") && element == Element::L3) {
            readL3ApiEntry(*entry, key, where + "." + key, f, report);
            continue;
        }
        if (!entry || !entry->contains("size")) continue;  // {"value": ...}: an API fact, read with the device
        const std::string w = where + "." + key;
        const auto size = f.number(*entry, "size", w);
        if (!size) continue;
        const double confidence = f.number(*entry, "confidence", w, 0, 1).value_or(1);
        report.set(measured(key, *size * bytesPerUnit(*entry, w, f), f.text(*entry, "method", w), confidence));
    }
    if (const json* entry = f.object(s, "latency", where)) {
        const std::string w = where + ".latency";
        LatencyStats st;
        st.mean = f.number(*entry, "mean", w, 0, 1e9).value_or(0);
        st.p50 = f.number(*entry, "p50", w, 0, 1e9).value_or(st.mean);
        st.p95 = f.number(*entry, "p95", w, 0, 1e9).value_or(st.mean);
        st.stdev = f.number(*entry, "stdev", w, 0, 1e9).value_or(0);
        st.min = st.p50;
        st.max = st.p95;
        st.samples = clampTo<std::size_t>(f.number(*entry, "sampleSize", w, 0, 1e12));
        Attribute a = measured(attr::latency, st.p50, f.text(*entry, "method", w), 1);
        a.stats = st;
        a.overheadSubtracted = true;  // MT4G subtracts its timer overhead
        report.set(a);
    }
    if (auto v = f.apiValue(s, "missPenalty", where))
        report.set(measured(attr::missPenalty, *v, "", 1));
    for (const char* key : {"readBandwidth", "writeBandwidth"})
        if (auto v = f.apiValue(s, key, where)) report.set(measured(key, *v, "", 1));
    if (auto v = f.number(s, "amountPerMultiprocessor", where, 0, 1e6))
        report.set(measured(attr::amountPerUnit, *v, "", 1));
    if (s.contains("sharedWith")) {
        if (!s["sharedWith"].is_array()) f.fail(where + ".sharedWith", "expected a list of names");
        Attribute a = measured(attr::sharedWith, 0, "", 1);
        for (const auto& n : s["sharedWith"]) {
            if (!n.is_string()) f.fail(where + ".sharedWith", "expected a list of names");
            a.names.push_back(n.get<std::string>());
        }
        a.value = static_cast<double>(a.names.size());
        report.set(a);
    }
    if (s.contains("sharedBetween")) {
        const json& groups = s["sharedBetween"];
        Attribute a = measured(attr::sharedBetween, 0, "", 1);
        if (!groups.is_array()) f.fail(where + ".sharedBetween", "expected a list of unit groups");
        for (const auto& g : groups) {
            if (!g.is_array()) f.fail(where + ".sharedBetween", "expected a list of unit groups");
            std::vector<int> ids;
            for (const auto& id : g) {
                if (!id.is_number_integer() || id.get<std::int64_t>() < 0 || id.get<std::int64_t>() > 100000)
                    f.fail(where + ".sharedBetween", "unit id " + describeJson(id) + " is not a unit id");
                ids.push_back(id.get<int>());
            }
            a.groups.push_back(std::move(ids));
        }
        a.value = static_cast<double>(a.groups.size());
        report.set(a);
    }
    if (report.attributes.empty()) t.elements.erase(element);
}

void readMemory(const json& memory, const Fields& f, Topology& t) {
    const bool nvidia = t.device.vendor == Vendor::Nvidia;
    auto section = [&](const json& parent, const std::string& key, const std::string& where, Element e) {
        if (const json* s = f.object(parent, key, where)) readSection(*s, where + "." + key, e, f, t);
    };
    if (nvidia) {
        if (const json* constant = f.object(memory, "constant", "memory")) {
            section(*constant, "l1", "memory.constant", Element::ConstantL1);
            section(*constant, "l1.5", "memory.constant", Element::ConstantL15);
        }
        section(memory, "l1", "memory", Element::L1);
        section(memory, "texture", "memory", Element::Texture);
        section(memory, "readOnly", "memory", Element::ReadOnly);
        section(memory, "shared", "memory", Element::Shared);
    } else {
        section(memory, "l1", "memory", Element::VL1);
        section(memory, "scalarL1", "memory", Element::SL1D);
        section(memory, "l3", "memory", Element::L3);
        section(memory, "shared", "memory", Element::Lds);
    }
    section(memory, "l2", "memory", Element::L2);
    section(memory, "main", "memory", Element::DeviceMemory);
}

// Points each measured attribute at the raw series of the same element and benchmark kind.
void linkEvidence(Topology& t) {
    auto kindOf = [](const std::string& name) -> std::optional<SeriesKind> {
        if (name == attr::size) return SeriesKind::Size;
        if (name == attr::lineSize) return SeriesKind::LineSize;
        if (name == attr::fetchGranularity) return SeriesKind::FetchGranularity;
        if (name == attr::latency) return SeriesKind::Latency;
        if (name == attr::segmentSize) return SeriesKind::SegmentSize;
        return std::nullopt;
    };
    for (auto& [element, report] : t.elements)
        for (auto& a : report.attributes) {
            const auto kind = kindOf(a.name);
            if (!kind || a.source != Source::Benchmark) continue;
            for (const auto& s : t.series)
                if (s.element == element && s.kind == *kind) a.evidence = s.id;
        }
}

}  // namespace

Topology topologyFromMt4gJson(const json& j, const std::string& origin) {
    const Fields f(origin);
    if (!j.is_object()) f.fail("top level", "expected an object");
    Topology t;
    readDevice(j, f, t.device);
    const json* memory = f.object(j, "memory", "top level");
    if (memory) readApiMemory(*memory, f, t.device);
    if (const json* meta = f.object(j, "meta", "top level")) {
        t.timestamp = f.text(*meta, "timestamp", "meta");
        t.toolVersion = "MT4G";
    }
    addApiAttributes(t);
    if (memory) readMemory(*memory, f, t);
    return t;
}

Topology readMt4gJsonFile(const std::string& path, std::vector<std::string>* warnings) {
    Topology t = topologyFromMt4gJson(readJsonInput(path, kMaxMt4gJsonBytes, "MT4G JSON report"), path);
    const std::filesystem::path p(path);
    const std::filesystem::path rawDir = p.parent_path() / p.stem();
    std::error_code ec;
    if (std::filesystem::is_directory(rawDir, ec)) {
        std::vector<std::string> rawWarnings;
        try {
            t.series = readMt4gRawFolder(rawDir.string(), &rawWarnings);
        } catch (const InputError& e) {  // the report's own results stand without their evidence
            rawWarnings.push_back(std::string(e.what()) + "; the report is read without evidence series");
        }
        if (warnings) warnings->insert(warnings->end(), rawWarnings.begin(), rawWarnings.end());
        t.warnings.insert(t.warnings.end(), rawWarnings.begin(), rawWarnings.end());  // into the report
        linkEvidence(t);
    }
    return t;
}

}  // namespace ts
