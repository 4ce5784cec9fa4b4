#include "fleet/fleet_report.hpp"

#include <cmath>
#include <limits>

#include "io/input_error.hpp"
#include "io/input_file.hpp"
#include "io/json_file.hpp"
#include "io/json_input.hpp"
#include "io/report_json.hpp"

namespace ts::fleet {
namespace {

using nlohmann::json;

[[noreturn]] void fail(const std::string& origin, const std::string& where, const std::string& problem) {
    throw InputError(origin + ": " + where + ": " + problem);
}

std::string text(const json& object, const char* key, const std::string& origin, const std::string& where,
                 const std::string& fallback = "") {
    auto it = object.find(key);
    if (it == object.end() || it->is_null()) return fallback;
    if (!it->is_string()) fail(origin, where + "." + key, "expected a string, got " + std::string(it->type_name()));
    return it->get<std::string>();
}

int integer(const json& object, const char* key, const std::string& origin, const std::string& where, int low,
            int high) {
    auto it = object.find(key);
    if (it == object.end() || it->is_null()) return 0;
    if (!it->is_number()) fail(origin, where + "." + key, "expected a number, got " + std::string(it->type_name()));
    const double v = it->get<double>();
    if (!std::isfinite(v) || v != std::floor(v) || v < low || v > high)
        fail(origin, where + "." + key, "expected a whole number in " + std::to_string(low) + ".." + std::to_string(high));
    return static_cast<int>(v);
}

double number(const json& object, const char* key, const std::string& origin, const std::string& where) {
    auto it = object.find(key);
    if (it == object.end() || it->is_null()) return 0;
    if (!it->is_number()) fail(origin, where + "." + key, "expected a number, got " + std::string(it->type_name()));
    const double v = it->get<double>();
    if (!std::isfinite(v) || v < 0) fail(origin, where + "." + key, "expected a finite number >= 0");
    return v;
}

bool flag(const json& object, const char* key, const std::string& origin, const std::string& where) {
    auto it = object.find(key);
    if (it == object.end() || it->is_null()) return false;
    if (!it->is_boolean()) fail(origin, where + "." + key, "expected true or false");
    return it->get<bool>();
}

constexpr int kMaxIndex = 1 << 24;

FleetMember memberAt(const json& j, const std::string& origin, const std::string& where) {
    if (!j.is_object()) fail(origin, where, "expected an object");
    FleetMember m;
    m.host = text(j, "host", origin, where);
    m.rank = integer(j, "rank", origin, where, 0, kMaxIndex);
    m.deviceIndex = integer(j, "deviceIndex", origin, where, 0, kMaxIndex);
    m.uuid = text(j, "uuid", origin, where);
    m.uuidSynthetic = flag(j, "uuidSynthetic", origin, where);
    auto report = j.find("report");
    if (report == j.end()) fail(origin, where, "member without a \"report\"");
    m.report = wholeReportFromJson(*report, origin + ": " + where + ".report");
    m.source = origin;
    return m;
}

PeerLink linkAt(const json& j, const std::string& origin, const std::string& where) {
    if (!j.is_object()) fail(origin, where, "expected an object");
    PeerLink l;
    l.host = text(j, "host", origin, where);
    l.fromDevice = integer(j, "fromDevice", origin, where, 0, kMaxIndex);
    l.toDevice = integer(j, "toDevice", origin, where, 0, kMaxIndex);
    l.peerAccess = flag(j, "peerAccess", origin, where);
    l.copyGibPerSecond = number(j, "copyGiBps", origin, where);
    l.latencyNs = number(j, "latencyNs", origin, where);
    l.method = text(j, "method", origin, where);
    l.confidence = number(j, "confidence", origin, where);
    if (l.confidence > 1) fail(origin, where + ".confidence", "outside 0..1");
    l.reason = text(j, "reason", origin, where);
    return l;
}

json linkToJson(const PeerLink& l) {
    json j{{"host", l.host},       {"fromDevice", l.fromDevice},       {"toDevice", l.toDevice},
           {"peerAccess", l.peerAccess}, {"copyGiBps", l.copyGibPerSecond}, {"latencyNs", l.latencyNs},
           {"method", l.method},   {"confidence", l.confidence}};
    if (!l.reason.empty()) j["reason"] = l.reason;
    return j;
}

template <typename Item, typename Parse>
std::vector<Item> arrayOf(const json& top, const char* key, const std::string& origin, Parse parse) {
    std::vector<Item> out;
    auto it = top.find(key);
    if (it == top.end() || it->is_null()) return out;
    if (!it->is_array()) fail(origin, key, "expected an array");
    for (std::size_t i = 0; i < it->size(); ++i) out.push_back(parse((*it)[i], origin, std::string(key) + "[" + std::to_string(i) + "]"));
    return out;
}

std::string formatOf(const json& j) {
    if (!j.is_object()) return "";
    auto it = j.find("format");
    return it != j.end() && it->is_string() ? it->get<std::string>() : "";
}

}  // namespace

json memberToJson(const FleetMember& m) {
    return {{"host", m.host},
            {"rank", m.rank},
            {"deviceIndex", m.deviceIndex},
            {"uuid", m.uuid},
            {"uuidSynthetic", m.uuidSynthetic},
            {"report", reportToJson(m.report)}};
}

FleetMember memberFromJson(const json& j, const std::string& origin) { return memberAt(j, origin, "member"); }

json fleetToJson(const FleetReport& f) {
    json members = json::array();
    for (const auto& m : f.members) members.push_back(memberToJson(m));
    json links = json::array();
    for (const auto& l : f.peerLinks) links.push_back(linkToJson(l));
    return {{"format", kFleetFormat},
            {"tool", {{"name", "TopoScope"}, {"version", TOPOSCOPE_VERSION}}},
            {"createdUtc", f.createdUtc},
            {"members", std::move(members)},
            {"peerLinks", std::move(links)},
            {"notes", f.notes}};
}

FleetReport fleetFromJson(const json& j, const std::string& origin) {
    if (!j.is_object()) fail(origin, "top level", "expected an object");
    const std::string format = formatOf(j);
    if (format != kFleetFormat) fail(origin, "format", "expected \"" + std::string(kFleetFormat) + "\", got \"" + cutForMessage(format) + "\"");
    FleetReport f;
    f.createdUtc = text(j, "createdUtc", origin, "top level");
    f.members = arrayOf<FleetMember>(j, "members", origin, memberAt);
    f.peerLinks = arrayOf<PeerLink>(j, "peerLinks", origin, linkAt);
    f.notes = arrayOf<std::string>(j, "notes", origin, [](const json& v, const std::string& o, const std::string& w) {
        if (!v.is_string()) fail(o, w, "expected a string");
        return v.get<std::string>();
    });
    return f;
}

FleetReport readFleetReport(const std::string& path) {
    return fleetFromJson(readJsonInput(path, kMaxFleetReportBytes, "fleet report"), path);
}

void writeFleetReport(const FleetReport& fleet, const std::string& path) { writeJsonFile(fleetToJson(fleet), path); }

void writeMemberFile(const FleetMember& member, const std::string& path) {
    json j = memberToJson(member);
    j["format"] = kMemberFormat;
    writeJsonFile(j, path);
}

std::vector<FleetMember> readMembers(const std::string& path) { return readFleetInput(path).members; }

FleetReport mergeFleetInputs(const std::vector<std::string>& paths) {
    FleetReport merged;
    for (const auto& path : paths) {
        FleetReport part = readFleetInput(path);
        for (auto& m : part.members) merged.members.push_back(std::move(m));
        for (auto& l : part.peerLinks) merged.peerLinks.push_back(std::move(l));
        for (auto& n : part.notes) merged.notes.push_back(std::move(n));
    }
    return merged;
}

FleetReport readFleetInput(const std::string& path) {
    const json j = readJsonInput(path, kMaxFleetReportBytes, "fleet report");
    const std::string format = formatOf(j);
    FleetReport f;
    if (format == kFleetFormat) return fleetFromJson(j, path);
    if (format == kMemberFormat) {
        f.members.push_back(memberAt(j, path, "member"));
        return f;
    }
    if (format == kReportFormat || format == kReportFormatV1) {
        FleetMember m;
        m.report = wholeReportFromJson(j, path);
        if (auto it = m.report.device.extra.find("uuid"); it != m.report.device.extra.end()) m.uuid = it->second;
        m.source = path;
        f.members.push_back(std::move(m));
        return f;
    }
    throw InputError(path + ": format: expected \"" + std::string(kFleetFormat) + "\", \"" + kMemberFormat +
                     "\" or \"" + kReportFormat + "\", got \"" + cutForMessage(format) + "\"");
}

}  // namespace ts::fleet
