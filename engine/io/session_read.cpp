#include "io/session_read.hpp"

#include <algorithm>
#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "bench/api_attributes.hpp"
#include "io/input_error.hpp"
#include "io/report_json.hpp"
#include "io/session_log.hpp"
#include "io/session_recorder.hpp"

namespace ts {
namespace {

using nlohmann::json;

// Every payload goes through the report reader, which checks types and ranges.
Topology decode(const json& part, const std::string& origin) {
    json report = part;
    report["format"] = kReportFormat;
    return reportFromJson(report, origin);
}

std::string text(const json& record, const char* key, const std::string& origin) {
    auto it = record.find(key);
    if (it == record.end() || !it->is_string()) throw InputError(origin + ": \"" + key + "\" missing or not a string");
    return it->get<std::string>();
}

class Replay {
public:
    explicit Replay(Session& s) : s_(s) {}

    void apply(const json& r, const std::string& origin) {
        if (!r.is_object()) throw InputError(origin + ": expected an object");
        const std::string type = text(r, "type", origin);
        if (type == "session") {
            if (text(r, "format", origin) != kSessionFormat)
                throw InputError(origin + ": unknown session format \"" + r["format"].get<std::string>() + "\"");
            s_.topology.toolVersion = r.contains("tool") ? text(r, "tool", origin) : "";
            s_.topology.timestamp = r.contains("started") ? text(r, "started", origin) : "";
            // The build that recorded (optional: sessions written before it lack it), as a report's tool.
            if (r.contains("build")) s_.topology.toolBuild = decode({{"tool", r["build"]}}, origin).toolBuild;
        } else if (type == "device") {
            if (!r.contains("device")) throw InputError(origin + ": device record without a device");
            if (haveDevice_) throw InputError(origin + ": a second device record");
            s_.topology.device = decode({{"device", r["device"]}}, origin).device;
            addApiAttributes(s_.topology);  // where the run added them: before any measured result
            haveDevice_ = true;
        } else if (type == "rows") {
            rows(r, origin);
        } else if (type == "result") {
            if (!r.contains("element")) throw InputError(origin + ": result record without an element");
            for (auto& [element, report] : decode({{"elements", json::array({r["element"]})}}, origin).elements)
                for (auto& a : report.attributes) s_.topology.element(element).set(std::move(a));
        } else if (type == "warning") {
            s_.topology.warnings.push_back(text(r, "message", origin));
        } else if (type == "failure") {
            if (!r.contains("failure")) throw InputError(origin + ": failure record without a failure");
            for (auto& f : decode({{"failures", json::array({r["failure"]})}}, origin).failures)
                s_.topology.failures.push_back(std::move(f));
        } else if (type == "timer") {
            s_.topology.timerOverheadCycles = decode({{"timer", {{"overheadCycles", r.value("overheadCycles", json())}}}}, origin)
                                                  .timerOverheadCycles;
        } else if (type == "begin") {
            running_.push_back(text(r, "benchmark", origin));
        } else if (type == "end") {
            const std::string name = text(r, "benchmark", origin);
            std::erase(running_, name);
            s_.finished.push_back(name);
        } else if (type == "close") {
            s_.outcome = text(r, "outcome", origin);
        }
        // Unknown types come from newer writers: skipped, so old readers keep what they know.
    }

    void finish(const std::string& origin) {
        if (!haveDevice_) throw InputError(origin + ": the session holds no device record");
        s_.cutOff = running_;
        for (const auto& name : s_.cutOff)
            s_.topology.warnings.push_back("benchmark \"" + name + "\" was cut off: the run ended while it ran");
    }

private:
    void rows(const json& r, const std::string& origin) {
        if (!r.contains("series") || !r["series"].is_object())
            throw InputError(origin + ": rows record without a series");
        const auto first = r.value("first", json(0u));
        if (!first.is_number_unsigned()) throw InputError(origin + ": \"first\" is not a row index");
        Topology part = decode({{"series", json::array({r["series"]})}}, origin);
        Series& chunk = part.series.front();
        auto& all = s_.topology.series;
        auto it = std::find_if(all.begin(), all.end(), [&](const Series& s) { return s.id == chunk.id; });
        if (first.get<std::uint64_t>() == 0) {
            if (it == all.end()) all.push_back(std::move(chunk));
            else *it = std::move(chunk);
            return;
        }
        if (it == all.end() || it->rows.size() != first.get<std::uint64_t>())
            throw InputError(origin + ": rows of \"" + chunk.id + "\" start at row " + std::to_string(first.get<std::uint64_t>()) +
                             " but " + std::to_string(it == all.end() ? 0 : it->rows.size()) + " were recorded");
        for (auto& row : chunk.rows) it->rows.push_back(std::move(row));
    }

    Session& s_;
    std::vector<std::string> running_;
    bool haveDevice_ = false;
};

}  // namespace

Session sessionFromBytes(const std::string& bytes, const std::string& origin) {
    const SessionLog log = parseSessionLog(bytes, origin);
    Session session;
    Replay replay(session);
    for (std::size_t i = 0; i < log.records.size(); ++i) {
        const std::string where = origin + ": record " + std::to_string(i + 1);
        json record;
        try {
            record = json::parse(log.records[i]);
        } catch (const json::parse_error& e) {
            throw InputError(where + ": not valid JSON (" + e.what() + ")");
        }
        replay.apply(record, where);
    }
    session.records = log.records.size();
    session.damage = log.damage;
    if (!log.damage.empty())
        session.topology.warnings.push_back("session file damaged after byte " + std::to_string(log.goodBytes) + " (" +
                                            std::to_string(log.badBytes) + " bytes dropped): " + log.damage);
    replay.finish(origin);
    return session;
}

Session readSession(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw InputError(path + ": cannot open the file");
    std::stringstream buffer;
    buffer << in.rdbuf();
    return sessionFromBytes(buffer.str(), path);
}

}  // namespace ts
