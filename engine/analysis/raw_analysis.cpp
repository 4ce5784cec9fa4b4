#include "analysis/raw_analysis.hpp"

#include <algorithm>

#include <nlohmann/json.hpp>

#include "analysis/series_attributes.hpp"
#include "io/json_file.hpp"
#include "io/mt4g_json_read.hpp"
#include "io/json_input.hpp"
#include "io/mt4g_names.hpp"
#include "io/mt4g_raw.hpp"
#include "model/attribute_names.hpp"

namespace ts {
namespace {

const Series* findKind(const std::vector<Series>& all, Element e, SeriesKind kind, const std::string& idSuffix = "") {
    for (const auto& s : all)
        if (s.element == e && s.kind == kind && (idSuffix.empty() || s.id.ends_with(idSuffix))) return &s;
    return nullptr;
}

// Only the API facts of MT4G's report are used (the L2 size), never its measured results.
double l2SizeFromReport(const std::string& path, std::vector<std::string>* warnings) {
    if (path.empty()) return 0;
    try {
        const auto json = readJsonInput(path, kMaxMt4gJsonBytes, "MT4G JSON report");
        const auto& size = json.at("memory").at("l2").at("size");
        if (size.contains("value") && !size.contains("confidence")) return size.at("value").get<double>();
    } catch (const std::exception& e) {
        if (warnings) warnings->push_back(path + ": could not read the L2 size from it (" + e.what() + ")");
    }
    return 0;
}

constexpr const char* kNotInRawSeries =
    "amount per unit, sharing between caches and bandwidths cannot be derived from MT4G raw series";

bool notInRawSeries(const Attribute& a) {
    return a.name == attr::amountPerUnit || a.name == attr::sharedWith || a.name == attr::sharedBetween ||
           a.name == attr::readBandwidth || a.name == attr::writeBandwidth;
}

void markTakenFromReport(std::vector<std::string>& warnings, const std::string& path) {
    for (auto& w : warnings)
        if (w.starts_with(kNotInRawSeries)) w = std::string(kNotInRawSeries) + "; MT4G's own results taken from " + path;
}

// What raw series cannot tell, from MT4G's report beside them: the device (the runtime's figures),
// the API attributes, and MT4G's amounts, sharing and bandwidths, which stay marked as MT4G's (method, reason).
void takeFromReport(const std::string& path, Topology& t, std::vector<std::string>& warnings) {
    Topology reported;
    try {
        reported = topologyFromMt4gJson(readJsonFile(path), path);
    } catch (const std::exception& e) {
        warnings.push_back(path + ": could not read the device from it (" + e.what() + ")");
        return;
    }
    const std::string name = t.device.name;
    t.device = reported.device;
    if (t.device.name.empty()) t.device.name = name;
    for (const auto& [element, report] : reported.elements)
        for (Attribute a : report.attributes) {
            if (a.source != Source::Api && !notInRawSeries(a)) continue;
            if (notInRawSeries(a)) a.reason = "taken from MT4G's report " + path + ": raw series do not show it";
            if (!t.find(element, a.name)) t.element(element).set(a);
        }
    markTakenFromReport(t.warnings, path);
    warnings.push_back("device and API facts taken from " + path);
}

void warnUndecided(Topology& t, Element e, const Attribute& a) {
    if (a.confidence <= 0)
        t.warnings.push_back(std::string(displayName(e)) + " " + a.name + " undecided: " + a.reason);
}

}  // namespace

Topology analyzeSeries(std::vector<Series> series, double l2Bytes, std::vector<std::string>* warnings) {
    Topology t;
    t.device.l2SizeBytes = l2Bytes > 0 ? static_cast<std::uint64_t>(l2Bytes) : 0;
    std::vector<Element> elements;
    for (const auto& s : series)
        if (std::find(elements.begin(), elements.end(), s.element) == elements.end()) elements.push_back(s.element);

    for (Element e : elements) {
        auto& report = t.element(e);
        if (const Series* s = findKind(series, e, SeriesKind::Size)) report.set(sizeAttribute(*s));
        if (const Series* s = findKind(series, e, SeriesKind::FetchGranularity)) report.set(fetchGranularityAttribute(*s));
        if (const Series* s = findKind(series, e, SeriesKind::Latency, ".latency")) report.set(latencyAttribute(*s));
        if (const Series* s = findKind(series, e, SeriesKind::SegmentSize))
            for (auto& a : segmentAttributes(*s, l2Bytes)) report.set(std::move(a));
    }
    for (Element e : elements) {
        const Series* s = findKind(series, e, SeriesKind::LineSize);
        if (!s) continue;
        const Attribute* size = t.find(e, attr::size);
        const Attribute* fg = t.find(e, attr::fetchGranularity);
        double capacity = size && size->value > 0 ? size->value : 0;
        std::string note;
        // One SM's chase only keeps its nearest L2 segment: that is the capacity the line size sees.
        const Attribute* segment = t.find(e, attr::segmentSize);
        if (e == Element::L2 && segment && segment->value > 0) {
            capacity = segment->value, note = "capacity: the L2 segment size";
        } else if (e == Element::L2 && l2Bytes > 0) {
            capacity = l2Bytes, note = "capacity: the API's L2 size";
        } else if (size && size->lowerBound) {
            note = "capacity: only a lower bound of the size is known";
        }
        t.element(e).set(lineSizeAttribute(*s, capacity, fg ? fg->value : 0, note));
    }
    const bool hasL3 = std::find(elements.begin(), elements.end(), Element::L3) != elements.end();
    for (Element e : elements) {
        const auto next = nextLevel(e, hasL3);
        const Attribute* mine = t.find(e, attr::latency);
        const Attribute* theirs = next ? t.find(*next, attr::latency) : nullptr;
        if (mine && theirs) t.element(e).set(missPenaltyAttribute(*mine, *theirs, e, *next));
    }
    for (const auto& [e, report] : t.elements)
        for (const auto& a : report.attributes) warnUndecided(t, e, a);
    t.warnings.push_back(std::string(kNotInRawSeries) + "; not reported");
    if (warnings) warnings->insert(warnings->end(), t.warnings.begin(), t.warnings.end());
    t.series = std::move(series);
    return t;
}

Topology analyzeMt4gRaw(const std::string& dir, std::vector<std::string>* warnings) {
    std::vector<std::string> readWarnings;
    Mt4gRawFolder folder = readMt4gRaw(dir, &readWarnings);
    const double l2Bytes = l2SizeFromReport(folder.jsonReport, &readWarnings);
    if (l2Bytes > 0) readWarnings.push_back("L2 size " + std::to_string(static_cast<long long>(l2Bytes)) +
                                            " B taken from the API section of " + folder.jsonReport);
    if (warnings) warnings->insert(warnings->end(), readWarnings.begin(), readWarnings.end());
    Topology t = analyzeSeries(std::move(folder.series), l2Bytes, warnings);
    t.warnings.insert(t.warnings.begin(), readWarnings.begin(), readWarnings.end());
    t.device.name = folder.gpuName;
    t.device.vendor = vendorFromName(folder.gpuName);  // for display only: a guess from the name
    if (std::any_of(t.series.begin(), t.series.end(), [](const Series& s) { return s.element == Element::SL1D; }))
        t.device.vendor = Vendor::Amd;
    if (!folder.jsonReport.empty()) {
        std::vector<std::string> reportWarnings;
        takeFromReport(folder.jsonReport, t, reportWarnings);
        t.warnings.insert(t.warnings.end(), reportWarnings.begin(), reportWarnings.end());
        if (warnings) {
            markTakenFromReport(*warnings, folder.jsonReport);
            warnings->insert(warnings->end(), reportWarnings.begin(), reportWarnings.end());
        }
    }
    t.device.backend = "mt4g-raw";
    return t;
}

}  // namespace ts
