#include "io/report_json.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <type_traits>

#include "io/input_error.hpp"
#include "io/mig_json.hpp"
#include "io/json_file.hpp"
#include "io/input_file.hpp"
#include "io/json_input.hpp"
#include "io/legacy_marks.hpp"
#include "io/legacy_prose.hpp"
#include "model/attribute_marks.hpp"
#include "model/attribute_names.hpp"

namespace ts {
namespace {

using nlohmann::json;

json statsToJson(const LatencyStats& s) {
    return {{"mean", s.mean}, {"p50", s.p50}, {"p95", s.p95}, {"stdev", s.stdev},
            {"min", s.min},   {"max", s.max}, {"samples", s.samples}};
}

json attributeToJson(const Attribute& a) {
    json j{{"name", a.name},
           {"value", a.value},
           {"unit", a.unit},
           {"source", a.source == Source::Api ? "api" : "benchmark"},
           {"method", a.method},
           {"confidence", a.confidence}};
    if (!a.evidence.empty()) j["evidence"] = a.evidence;
    if (!a.reason.empty()) j["reason"] = a.reason;
    if (a.lowerBound) j["lowerBound"] = true;
    if (a.upperBound) j["upperBound"] = true;
    if (a.stats) {
        j["stats"] = statsToJson(*a.stats);
        j["overheadSubtracted"] = a.overheadSubtracted;
    }
    if (!a.names.empty()) j["names"] = a.names;
    if (!a.groups.empty()) j["groups"] = a.groups;
    if (a.failed) j["failed"] = true;
    if (!a.marks.empty()) {
        json marks = json::array();
        for (Mark m : a.marks) marks.push_back(std::string(toString(m)));
        j["marks"] = marks;
    }
    return j;
}

json failureToJson(const BenchmarkFailure& f) {
    return {{"benchmark", f.benchmark}, {"status", f.status()}, {"reason", f.reason}};
}

json deviceToJson(const DeviceInfo& d) {
    return {{"vendor", std::string(toString(d.vendor))},
            {"name", d.name},
            {"arch", d.arch},
            {"computeCapability", {{"major", d.ccMajor}, {"minor", d.ccMinor}}},
            {"asicRevision", d.asicRevision},
            {"clockKhz", d.clockKhz},
            {"memoryClockKhz", d.memoryClockKhz},
            {"memoryBusWidthBits", d.memoryBusWidthBits},
            {"unitCount", d.unitCount},
            {"warpSize", d.warpSize},
            {"coresPerUnit", d.coresPerUnit},
            {"maxThreadsPerBlock", d.maxThreadsPerBlock},
            {"maxThreadsPerUnit", d.maxThreadsPerUnit},
            {"maxBlocksPerUnit", d.maxBlocksPerUnit},
            {"regsPerBlock", d.regsPerBlock},
            {"regsPerUnit", d.regsPerUnit},
            {"concurrentKernels", d.concurrentKernels},
            {"cooperativeLaunch", d.cooperativeLaunch},
            {"l2SizeBytes", d.l2SizeBytes},
            {"l2LineBytes", d.l2LineBytes},
            {"persistingL2MaxBytes", d.persistingL2MaxBytes},
            {"sharedPerUnitBytes", d.sharedPerUnitBytes},
            {"sharedPerBlockBytes", d.sharedPerBlockBytes},
            {"reservedSharedPerBlockBytes", d.reservedSharedPerBlockBytes},
            {"totalConstBytes", d.totalConstBytes},
            {"totalGlobalBytes", d.totalGlobalBytes},
            {"xcds", d.xcds},
            {"simdsPerUnit", d.simdsPerUnit},
            {"physicalUnitIds", d.physicalUnitIds},
            {"driverScalarCacheGroups", d.driverScalarCacheGroups},
            {"driver", d.driver},
            {"backend", d.backend},
            {"extra", d.extra}};
}

json nodeToJson(const NodePlacement& n) {
    return {{"pciAddress", n.pciAddress},         {"numaNode", n.numaNode}, {"numaNodeByCpus", n.numaNodeByCpus},
            {"localCpus", n.localCpus},           {"localCpuCount", n.localCpuCount},
            {"pcieGeneration", n.pcieGeneration}, {"linkWidth", n.linkWidth},
            {"maxPcieGeneration", n.maxPcieGeneration}, {"maxLinkWidth", n.maxLinkWidth},
            {"source", n.source}};
}

json seriesToJson(const Series& s) {
    json rows = json::array();
    for (const auto& r : s.rows) {
        json row{{"x", r.x}, {"latencies", r.latencies}};
        if (r.x2 != 0) row["x2"] = r.x2;
        if (!r.label.empty()) row["label"] = r.label;
        if (r.value != 0) row["value"] = r.value;
        rows.push_back(std::move(row));
    }
    return {{"id", s.id},
            {"title", s.title},
            {"kind", std::string(toString(s.kind))},
            {"element", std::string(toString(s.element))},
            {"rows", std::move(rows)}};
}

template <typename T>
struct IsVector : std::false_type {};
template <typename U>
struct IsVector<std::vector<U>> : std::true_type {};

// nlohmann's get<int>() of 1e12, or of -1 into an unsigned, is an out-of-range cast (undefined
// behaviour): a number bound for an integer must be whole and fit.
template <typename T>
bool fits(const json& v) {
    if constexpr (IsVector<T>::value) {
        if (!v.is_array()) return true;  // a type error, reported by get()
        return std::all_of(v.begin(), v.end(), [](const json& e) { return fits<typename T::value_type>(e); });
    } else if constexpr (std::is_integral_v<T> && !std::is_same_v<T, bool>) {
        using L = std::numeric_limits<T>;
        if (v.is_number_unsigned()) return v.get<std::uint64_t>() <= static_cast<std::uint64_t>(L::max());
        if (v.is_number_integer())
            return v.get<std::int64_t>() >= static_cast<std::int64_t>(L::lowest()) &&
                   (v.get<std::int64_t>() < 0 || static_cast<std::uint64_t>(v.get<std::int64_t>()) <= L::max());
        if (v.is_number_float()) {
            const double d = v.get<double>();
            return std::isfinite(d) && d == std::floor(d) && d >= static_cast<double>(L::lowest()) &&
                   d < static_cast<double>(L::max()) + 1.0;
        }
    }
    return true;
}

// Typed access that turns every type or range problem into an InputError naming the place.
class Reader {
public:
    // legacyMarks: the file is older than toposcope-report/3, its marks are in the reasons.
    explicit Reader(std::string origin, bool legacyMarks = false)
        : origin_(std::move(origin)), legacyMarks_(legacyMarks) {}
    bool legacyMarks() const { return legacyMarks_; }

    template <typename T>
    T get(const json& object, const char* key, const std::string& where, T fallback) const {
        if (!object.is_object()) fail(where, "expected an object");
        auto it = object.find(key);
        if (it == object.end() || it->is_null()) return fallback;
        if (!fits<T>(*it)) fail(where + "." + key, "number out of range for the field");
        if (it->is_string() && it->get_ref<const std::string&>().size() > kMaxInputTextBytes)
            fail(where + "." + key, std::to_string(it->get_ref<const std::string&>().size()) +
                                        " bytes of text (at most " + std::to_string(kMaxInputTextBytes) +
                                        ": no name, reason or warning is so long)");
        try {
            return it->get<T>();
        } catch (const json::exception&) {
            fail(where + "." + key, "wrong type (" + std::string(it->type_name()) + ")");
        }
    }
    [[noreturn]] void fail(const std::string& where, const std::string& problem) const {
        throw InputError(origin_ + ": " + where + ": " + problem);
    }

private:
    std::string origin_;
    bool legacyMarks_ = false;
};

std::vector<Mark> marksFromJson(const json& j, const std::string& where, const Reader& r) {
    std::vector<Mark> marks;
    for (const auto& id : r.get<std::vector<std::string>>(j, "marks", where, {})) {
        const auto m = markFromString(id);
        if (!m) r.fail(where + ".marks", "unknown mark \"" + cutForMessage(id) + "\" (sharedGpu, occupancyLimited or projected)");
        if (std::find(marks.begin(), marks.end(), *m) == marks.end()) marks.push_back(*m);
    }
    return marks;
}

void checkUnit(const Attribute& a, const std::string& where, const Reader& r) {
    for (const auto& [name, unit] : attr::units)
        if (a.name == name) {
            if (a.unit != unit)
                r.fail(where + ".unit", "\"" + cutForMessage(a.unit) + "\" for " + a.name + "; expected \"" + std::string(unit) + "\"");
            return;
        }
    for (const auto& [name, unit] : attr::units)
        if (a.unit == unit) return;
    r.fail(where + ".unit", "unknown unit \"" + cutForMessage(a.unit) + "\" (bytes, cycles, GiB/s, bit, kHz or none)");
}

// Sizes, latencies, bandwidths and counts are never negative; a miss penalty is a difference of
// two latencies, which noise can make negative.
void checkSign(const Attribute& a, const std::string& where, const Reader& r) {
    if (a.value < 0 && a.name != attr::missPenalty) r.fail(where + ".value", "negative " + a.name + " (" + std::to_string(a.value) + ")");
    if (a.stats && (a.stats->mean < 0 || a.stats->p50 < 0 || a.stats->p95 < 0 || a.stats->stdev < 0 ||
                    a.stats->min < 0 || a.stats->max < 0))
        r.fail(where + ".stats", "negative latency statistics");
}

Attribute attributeFromJson(const json& j, const std::string& where, const Reader& r) {
    Attribute a;
    a.name = r.get<std::string>(j, "name", where, "");
    if (a.name.empty()) r.fail(where, "attribute without a name");
    a.value = r.get<double>(j, "value", where, 0);
    a.unit = r.get<std::string>(j, "unit", where, "");
    a.source = r.get<std::string>(j, "source", where, "benchmark") == "api" ? Source::Api : Source::Benchmark;
    a.method = r.get<std::string>(j, "method", where, "");
    a.confidence = r.get<double>(j, "confidence", where, 0);
    if (a.confidence < 0 || a.confidence > 1) r.fail(where + ".confidence", "outside 0..1");
    a.evidence = r.get<std::string>(j, "evidence", where, "");
    a.reason = proseOfLegacyReason(r.get<std::string>(j, "reason", where, ""));
    a.lowerBound = r.get<bool>(j, "lowerBound", where, false);
    a.upperBound = r.get<bool>(j, "upperBound", where, false);
    a.overheadSubtracted = r.get<bool>(j, "overheadSubtracted", where, false);
    if (j.contains("stats")) {
        const json& s = j["stats"];
        LatencyStats st;
        st.mean = r.get<double>(s, "mean", where + ".stats", 0);
        st.p50 = r.get<double>(s, "p50", where + ".stats", 0);
        st.p95 = r.get<double>(s, "p95", where + ".stats", 0);
        st.stdev = r.get<double>(s, "stdev", where + ".stats", 0);
        st.min = r.get<double>(s, "min", where + ".stats", 0);
        st.max = r.get<double>(s, "max", where + ".stats", 0);
        st.samples = r.get<std::size_t>(s, "samples", where + ".stats", 0);
        a.stats = st;
    }
    a.names = r.get<std::vector<std::string>>(j, "names", where, {});
    a.groups = r.get<std::vector<std::vector<int>>>(j, "groups", where, {});
    a.failed = r.get<bool>(j, "failed", where, false);
    a.marks = r.legacyMarks() ? marksFromLegacyReason(a.reason) : marksFromJson(j, where, r);
    checkUnit(a, where, r);
    checkSign(a, where, r);
    return a;
}

BenchmarkFailure failureFromJson(const json& j, const std::string& where, const Reader& r) {
    BenchmarkFailure f;
    f.benchmark = r.get<std::string>(j, "benchmark", where, "");
    if (f.benchmark.empty()) r.fail(where, "failure without a benchmark");
    const auto status = r.get<std::string>(j, "status", where, "failed");
    if (status != "failed" && status != "not run") r.fail(where + ".status", "expected \"failed\" or \"not run\"");
    f.notRun = status == "not run";
    f.reason = r.get<std::string>(j, "reason", where, "");
    return f;
}

// The build's commit, backends and GPU architectures: optional fields of toposcope-report/1.
json toolToJson(const Topology& t) {
    json tool{{"name", "TopoScope"}, {"version", t.toolVersion}};
    if (const auto& b = t.toolBuild) {
        tool["commit"] = b->commit;
        tool["backends"] = b->backends;
        tool["cudaArchitectures"] = b->cudaArchitectures;
        tool["hipArchitectures"] = b->hipArchitectures;
    }
    return tool;
}

std::optional<BuildInfo> toolBuildFromJson(const json& tool, const Reader& r) {
    if (!tool.is_object() || !tool.contains("commit")) return std::nullopt;
    BuildInfo b;
    b.version = r.get<std::string>(tool, "version", "tool", "");
    b.commit = r.get<std::string>(tool, "commit", "tool", "");
    b.backends = r.get<std::vector<std::string>>(tool, "backends", "tool", {});
    b.cudaArchitectures = r.get<std::vector<std::string>>(tool, "cudaArchitectures", "tool", {});
    b.hipArchitectures = r.get<std::vector<std::string>>(tool, "hipArchitectures", "tool", {});
    return b;
}

}  // namespace

json reportToJson(const Topology& t, bool withSeries) {
    json elements = json::array();
    for (const auto& [element, report] : t.elements) {
        json attributes = json::array();
        for (const auto& a : report.attributes) attributes.push_back(attributeToJson(a));
        elements.push_back({{"id", std::string(toString(element))},
                            {"name", std::string(displayName(element))},
                            {"attributes", std::move(attributes)}});
    }
    json j{{"format", kReportFormat},
           {"tool", toolToJson(t)},
           {"timestamp", t.timestamp},
           {"device", deviceToJson(t.device)},
           {"timer", {{"overheadCycles", t.timerOverheadCycles}, {"subtracted", false}}},
           {"elements", std::move(elements)},
           {"warnings", t.warnings}};
    if (t.sharedGpu) j["shared_gpu"] = *t.sharedGpu;
    if (t.device.node) j["device"]["node"] = nodeToJson(*t.device.node);
    if (t.device.mig) {
        j["device"]["mig"] = migLayoutToJson(*t.device.mig);
        j["mig"] = migSharesToJson(*t.device.mig, migShares(*t.device.mig, migL2Facts(t)), attributeToJson);
    }
    json failures = json::array();
    for (const auto& f : t.failures) failures.push_back(failureToJson(f));
    j["failures"] = std::move(failures);
    if (withSeries) {
        json series = json::array();
        for (const auto& s : t.series) series.push_back(seriesToJson(s));
        j["series"] = std::move(series);
    }
    return j;
}

namespace {

// The report's "device" object.
NodePlacement nodeFromJson(const Reader& r, const json& j) {
    const std::string where = "device.node";
    NodePlacement n;
    n.pciAddress = r.get<std::string>(j, "pciAddress", where, "");
    n.numaNode = r.get<int>(j, "numaNode", where, -1);
    n.numaNodeByCpus = r.get<bool>(j, "numaNodeByCpus", where, false);
    n.localCpus = r.get<std::string>(j, "localCpus", where, "");
    n.localCpuCount = r.get<int>(j, "localCpuCount", where, 0);
    n.pcieGeneration = r.get<int>(j, "pcieGeneration", where, 0);
    n.linkWidth = r.get<int>(j, "linkWidth", where, 0);
    n.maxPcieGeneration = r.get<int>(j, "maxPcieGeneration", where, 0);
    n.maxLinkWidth = r.get<int>(j, "maxLinkWidth", where, 0);
    n.source = r.get<std::string>(j, "source", where, "");
    for (const auto& [key, value] : {std::pair{"numaNode", n.numaNode + 1}, {"localCpuCount", n.localCpuCount},
                                     {"pcieGeneration", n.pcieGeneration}, {"linkWidth", n.linkWidth},
                                     {"maxPcieGeneration", n.maxPcieGeneration}, {"maxLinkWidth", n.maxLinkWidth}})
        if (value < 0) r.fail(where + "." + key, "negative");
    return n;
}

DeviceInfo deviceFromJson(const json& device, const std::string& origin, const Reader& r) {
    DeviceInfo d;
    d.vendor = r.get<std::string>(device, "vendor", "device", "NVIDIA") == "AMD" ? Vendor::Amd : Vendor::Nvidia;
    d.name = r.get<std::string>(device, "name", "device", "");
    d.arch = r.get<std::string>(device, "arch", "device", "");
    d.clockKhz = r.get<std::uint64_t>(device, "clockKhz", "device", 0);
    d.memoryClockKhz = r.get<std::uint64_t>(device, "memoryClockKhz", "device", 0);
    d.memoryBusWidthBits = r.get<int>(device, "memoryBusWidthBits", "device", 0);
    d.unitCount = r.get<int>(device, "unitCount", "device", 0);
    if (d.unitCount < 0 || d.unitCount > 100000) r.fail("device.unitCount", "absurd value");
    d.warpSize = r.get<int>(device, "warpSize", "device", 32);
    d.coresPerUnit = r.get<int>(device, "coresPerUnit", "device", 0);
    d.maxThreadsPerBlock = r.get<int>(device, "maxThreadsPerBlock", "device", 0);
    d.maxThreadsPerUnit = r.get<int>(device, "maxThreadsPerUnit", "device", 0);
    d.maxBlocksPerUnit = r.get<int>(device, "maxBlocksPerUnit", "device", 0);
    d.regsPerBlock = r.get<int>(device, "regsPerBlock", "device", 0);
    d.regsPerUnit = r.get<int>(device, "regsPerUnit", "device", 0);
    d.l2SizeBytes = r.get<std::uint64_t>(device, "l2SizeBytes", "device", 0);
    d.l2LineBytes = r.get<std::uint64_t>(device, "l2LineBytes", "device", 0);
    d.persistingL2MaxBytes = r.get<std::uint64_t>(device, "persistingL2MaxBytes", "device", 0);
    d.sharedPerUnitBytes = r.get<std::uint64_t>(device, "sharedPerUnitBytes", "device", 0);
    d.sharedPerBlockBytes = r.get<std::uint64_t>(device, "sharedPerBlockBytes", "device", 0);
    d.reservedSharedPerBlockBytes = r.get<std::uint64_t>(device, "reservedSharedPerBlockBytes", "device", 0);
    d.totalConstBytes = r.get<std::uint64_t>(device, "totalConstBytes", "device", 0);
    d.totalGlobalBytes = r.get<std::uint64_t>(device, "totalGlobalBytes", "device", 0);
    d.xcds = r.get<int>(device, "xcds", "device", 1);
    d.simdsPerUnit = r.get<int>(device, "simdsPerUnit", "device", 0);
    for (const auto& [key, value] : {std::pair{"memoryBusWidthBits", d.memoryBusWidthBits}, {"warpSize", d.warpSize},
                                     {"coresPerUnit", d.coresPerUnit}, {"maxThreadsPerBlock", d.maxThreadsPerBlock},
                                     {"maxThreadsPerUnit", d.maxThreadsPerUnit}, {"maxBlocksPerUnit", d.maxBlocksPerUnit},
                                     {"regsPerBlock", d.regsPerBlock}, {"regsPerUnit", d.regsPerUnit},
                                     {"xcds", d.xcds}, {"simdsPerUnit", d.simdsPerUnit}})
        if (value < 0) r.fail(std::string("device.") + key, "negative (" + std::to_string(value) + ")");
    d.physicalUnitIds = r.get<std::vector<int>>(device, "physicalUnitIds", "device", {});
    d.driverScalarCacheGroups = r.get<std::vector<std::vector<int>>>(device, "driverScalarCacheGroups", "device", {});
    d.driver = r.get<std::string>(device, "driver", "device", "");
    d.backend = r.get<std::string>(device, "backend", "device", "");
    d.extra = r.get<std::map<std::string, std::string>>(device, "extra", "device", {});
    if (device.contains("mig") && !device["mig"].is_null()) d.mig = migLayoutFromJson(device["mig"], origin, "device.mig");
    if (device.contains("node") && !device["node"].is_null()) d.node = nodeFromJson(r, device["node"]);
    if (device.contains("computeCapability")) {
        d.ccMajor = r.get<int>(device["computeCapability"], "major", "device.computeCapability", 0);
        d.ccMinor = r.get<int>(device["computeCapability"], "minor", "device.computeCapability", 0);
    }
    return d;
}

// The report's "elements": their attributes, into `t`.
void elementsFromJson(const json& j, const Reader& r, Topology& t) {
    const json& elements = memberOr(j, "elements", emptyJsonArray());
    if (!elements.is_array()) r.fail("elements", "expected an array");
    for (std::size_t i = 0; i < elements.size(); ++i) {
        const std::string where = "elements[" + std::to_string(i) + "]";
        const auto id = r.get<std::string>(elements[i], "id", where, "");
        const auto element = elementFromString(id);
        if (!element) r.fail(where + ".id", "unknown element \"" + cutForMessage(id) + "\"");
        const json& attributes = memberOr(elements[i], "attributes", emptyJsonArray());
        if (!attributes.is_array()) r.fail(where + ".attributes", "expected an array");
        for (std::size_t k = 0; k < attributes.size(); ++k)
            t.element(*element).set(attributeFromJson(attributes[k], where + ".attributes[" + std::to_string(k) + "]", r));
    }
}

// One entry of the report's "series", at `where`.
Series seriesFromJson(const json& one, const std::string& where, const Reader& r) {
    Series s;
    s.id = r.get<std::string>(one, "id", where, "");
    s.title = r.get<std::string>(one, "title", where, "");
    const auto element = elementFromString(r.get<std::string>(one, "element", where, ""));
    if (!element) r.fail(where + ".element", "unknown element");
    s.element = *element;
    const auto kind = r.get<std::string>(one, "kind", where, "size");
    for (SeriesKind k : {SeriesKind::Size, SeriesKind::LineSize, SeriesKind::FetchGranularity, SeriesKind::Latency,
                         SeriesKind::SegmentSize, SeriesKind::Amount, SeriesKind::Sharing, SeriesKind::Bandwidth,
                         SeriesKind::Occupancy})
        if (toString(k) == kind) s.kind = k;
    const json& rows = memberOr(one, "rows", emptyJsonArray());
    if (!rows.is_array()) r.fail(where + ".rows", "expected an array");
    for (std::size_t k = 0; k < rows.size(); ++k) {
        const std::string rw = where + ".rows[" + std::to_string(k) + "]";
        SeriesRow row;
        row.x = r.get<double>(rows[k], "x", rw, 0);
        row.x2 = r.get<double>(rows[k], "x2", rw, 0);
        row.label = r.get<std::string>(rows[k], "label", rw, "");
        row.value = r.get<double>(rows[k], "value", rw, 0);
        row.latencies = r.get<std::vector<std::uint32_t>>(rows[k], "latencies", rw, {});
        if (row.x < 0 || row.x2 < 0) r.fail(rw, "negative size or stride");
        s.rows.push_back(std::move(row));
    }
    return s;
}

}  // namespace

Topology reportFromJson(const json& j, const std::string& origin) {
    if (!j.is_object()) Reader(origin).fail("top level", "expected an object");
    const auto format = Reader(origin).get<std::string>(j, "format", "top level", "");
    if (format != kReportFormat && format != kReportFormatV2 && format != kReportFormatV1)
        Reader(origin).fail("format", "expected \"" + std::string(kReportFormat) + "\", \"" + kReportFormatV2 + "\" or \"" +
                                          kReportFormatV1 + "\", got \"" + cutForMessage(format) + "\"");
    const Reader r(origin, format != kReportFormat);
    Topology t;
    t.timestamp = r.get<std::string>(j, "timestamp", "top level", "");
    if (j.contains("tool")) {
        t.toolVersion = r.get<std::string>(j["tool"], "version", "tool", "");
        t.toolBuild = toolBuildFromJson(j["tool"], r);
    }
    t.device = deviceFromJson(memberOr(j, "device", emptyJsonObject()), origin, r);
    if (j.contains("timer")) t.timerOverheadCycles = r.get<double>(j["timer"], "overheadCycles", "timer", 0);

    elementsFromJson(j, r, t);
    t.warnings = r.get<std::vector<std::string>>(j, "warnings", "top level", {});
    if (r.legacyMarks())
        t.sharedGpu = sharedGpuFromLegacyWarnings(t.warnings);
    else if (j.contains("shared_gpu"))
        t.sharedGpu = r.get<std::string>(j, "shared_gpu", "top level", "");
    const json& failures = memberOr(j, "failures", emptyJsonArray());
    if (!failures.is_array()) r.fail("failures", "expected an array");
    for (std::size_t i = 0; i < failures.size(); ++i)
        t.failures.push_back(failureFromJson(failures[i], "failures[" + std::to_string(i) + "]", r));

    const json& series = memberOr(j, "series", emptyJsonArray());
    if (!series.is_array()) r.fail("series", "expected an array");
    for (std::size_t i = 0; i < series.size(); ++i)
        t.series.push_back(seriesFromJson(series[i], "series[" + std::to_string(i) + "]", r));
    return t;
}

Topology wholeReportFromJson(const json& j, const std::string& origin) {
    const Reader r(origin);
    if (j.is_object()) {
        // reportToJson always writes both; without them the file is no run's report.
        if (!j.contains("device") || !j["device"].is_object()) r.fail("device", "missing: a report names its device");
        if (!j.contains("elements") || !j["elements"].is_array()) r.fail("elements", "missing: a report lists its elements");
    }
    return reportFromJson(j, origin);
}

void writeReportFile(const Topology& topology, const std::string& path) {
    writeJsonFile(reportToJson(topology), path);
}

Topology readReportFile(const std::string& path) {
    return wholeReportFromJson(readJsonInput(path, kMaxReportBytes, "TopoScope report"), path);
}

}  // namespace ts
