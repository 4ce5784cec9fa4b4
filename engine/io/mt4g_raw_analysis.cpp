#include "io/mt4g_raw_analysis.hpp"

#include <algorithm>

#include <nlohmann/json.hpp>

#include "analysis/raw_analysis.hpp"
#include "io/json_file.hpp"
#include "io/json_input.hpp"
#include "io/mt4g_json_read.hpp"
#include "io/mt4g_names.hpp"
#include "io/mt4g_raw.hpp"

namespace ts {
namespace {

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

}  // namespace

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
