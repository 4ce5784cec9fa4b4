#include "fleet/reference_check.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <set>

#include "analysis/robust.hpp"
#include "fleet/outlier_rule.hpp"
#include "io/input_error.hpp"
#include "model/attribute_names.hpp"

namespace ts::fleet {
namespace {

constexpr const char* kClockNow = "device.sm_clock_now";

// The default relative tolerance of an attribute, by its unit.
double defaultTolerance(const KeyAttribute& attribute) {
    if (attribute.unit == unit::gibPerSecond) return 0.05;
    if (attribute.unit == unit::cycles) return 0.02;
    return 0.01;
}

std::optional<double> toleranceFor(const KeyAttribute& attribute, const Tolerances& tolerances) {
    if (auto it = tolerances.perAttribute.find(attribute.id); it != tolerances.perAttribute.end()) return it->second;
    if (attribute.id == kClockNow) return std::nullopt;
    if (tolerances.all) return *tolerances.all;
    return defaultTolerance(attribute);
}

// Latencies are medians of whole cycles that move by a cycle or two between quiet runs.
double resolutionFor(const KeyAttribute& attribute) { return attribute.unit == unit::cycles ? 2.0 : attribute.resolution; }

std::string measuredBy(const Topology& report) {
    if (report.toolBuild && !report.toolBuild->commit.empty())
        return report.toolBuild->version + " (commit " + report.toolBuild->commit + ")";
    return report.toolVersion;
}

double percentage(const std::string& text, const std::string& whole) {
    std::size_t used = 0;
    double pct = -1;
    try {
        pct = std::stod(text, &used);
    } catch (const std::exception&) {
        used = 0;
    }
    if (used == 0 || used != text.size() || !std::isfinite(pct) || pct < 0 || pct > 1000)
        throw InputError("--tolerance " + whole + ": expected a percentage from 0 to 1000 (e.g. 5) or ID=PCT");
    return pct / 100.0;
}

}  // namespace

Reference referenceFromMembers(const std::vector<FleetMember>& members, const std::string& source) {
    if (members.empty()) throw InputError(source + ": the reference holds no GPU report");
    Reference ref;
    ref.source = source;
    ref.members = members.size();
    ref.deviceName = members.front().report.device.name;
    ref.measuredBy = measuredBy(members.front().report);
    for (const auto& m : members)
        if (m.report.device.name != ref.deviceName)
            throw InputError(source + ": the reference mixes GPU models (\"" + ref.deviceName + "\" and \"" +
                             m.report.device.name + "\"): a reference is one model's");
    for (const auto& attribute : keyAttributes()) {
        std::vector<double> present;
        for (const auto& m : members)
            if (auto v = keyValue(m.report, attribute.id)) present.push_back(*v);
        if (present.empty()) {
            ref.values.push_back(std::nullopt);
            ref.spreads.push_back(0);
            continue;
        }
        ref.values.push_back(median(present));
        ref.spreads.push_back(present.size() >= kMinMembers ? medianAbsoluteDeviation(present) : 0.0);
    }
    return ref;
}

void addTolerance(Tolerances& tolerances, const std::string& text) {
    const auto eq = text.find('=');
    if (eq == std::string::npos) {
        tolerances.all = percentage(text, text);
        return;
    }
    const std::string id = text.substr(0, eq);
    const auto& list = keyAttributes();
    if (std::none_of(list.begin(), list.end(), [&](const KeyAttribute& a) { return a.id == id; }))
        throw InputError("--tolerance " + text + ": no key attribute \"" + id + "\" (docs/fleet.md lists them)");
    tolerances.perAttribute[id] = percentage(text.substr(eq + 1), text);
}

CheckResult checkAgainstReference(const Topology& run, const Reference& reference, const Tolerances& tolerances) {
    CheckResult result;
    if (const std::string by = measuredBy(run); !reference.measuredBy.empty() && by != reference.measuredBy)
        result.notes.push_back("the reference was measured by TopoScope " + reference.measuredBy + ", this run by " + by +
                               ": a method that changed between them moves its values too");
    const auto& attributes = keyAttributes();
    for (std::size_t i = 0; i < attributes.size() && i < reference.values.size(); ++i) {
        const KeyAttribute& attribute = attributes[i];
        if (!reference.values[i]) continue;
        const auto tolerance = toleranceFor(attribute, tolerances);
        if (!tolerance) {
            result.notes.push_back(attribute.id + ": not judged (it changes with the load; --tolerance " + attribute.id +
                                   "=PCT judges it)");
            continue;
        }
        ++result.compared;
        Deviation d{attribute, keyValue(run, attribute.id), *reference.values[i], *tolerance, 0};
        const Attribute* source = keySource(run, attribute.id);
        d.confidence = !d.value ? 0.0 : source ? source->confidence : 1.0;
        if (!d.value) {
            d.robustZ = std::numeric_limits<double>::infinity();
            result.deviations.push_back(d);
            continue;
        }
        if (deviatesFrom(*d.value, d.reference, reference.spreads[i], *tolerance, resolutionFor(attribute), &d.robustZ)) {
            result.doubted += d.doubted();
            result.deviations.push_back(d);
        }
    }
    return result;
}

std::string groupsForReference(const Reference& reference) {
    std::set<std::string> groups;
    const auto& attributes = keyAttributes();
    for (std::size_t i = 0; i < attributes.size() && i < reference.values.size(); ++i)
        if (reference.values[i])
            if (std::string g = measuringGroup(attributes[i]); !g.empty()) groups.insert(g);
    std::string joined;
    for (const auto& g : groups) joined += (joined.empty() ? "" : ",") + g;
    return joined;
}

}  // namespace ts::fleet
