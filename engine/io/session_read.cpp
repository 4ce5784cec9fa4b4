#include "io/session_read.hpp"

#include "io/json_input.hpp"
#include "io/legacy_marks.hpp"
#include "io/legacy_prose.hpp"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <nlohmann/json.hpp>

#include "model/api_attributes.hpp"
#include "io/input_error.hpp"
#include "io/json_input.hpp"
#include "io/legacy_marks.hpp"
#include "io/report_json.hpp"
#include "io/session_log.hpp"
#include "io/session_recorder.hpp"

namespace ts {
namespace {

using nlohmann::json;

// Text from the file in a message: cut, so that a message never echoes megabytes of input.
std::string clipped(const std::string& text, std::size_t most = 120) {
    return text.size() <= most ? text : text.substr(0, most) + "... (" + std::to_string(text.size()) + " bytes)";
}

// Every payload goes through the report reader, which checks types and ranges. A session/1
// file's attributes are read as a /2 report's: their marks are in the reasons.
Topology decode(const json& part, const std::string& origin, bool legacyMarks = false) {
    json report = part;
    report["format"] = legacyMarks ? kReportFormatV2 : kReportFormat;
    return reportFromJson(report, origin);
}

std::string text(const json& record, const char* key, const std::string& origin) {
    auto it = record.find(key);
    if (it == record.end() || !it->is_string()) throw InputError(origin + ": \"" + key + "\" missing or not a string");
    return it->get<std::string>();
}

// A record's "t" (seconds since the run started); -1 where the writer did not stamp it.
double timeOf(const json& record, const std::string& origin) {
    auto it = record.find("t");
    if (it == record.end()) return -1;
    if (!it->is_number() || !std::isfinite(it->get<double>()) || it->get<double>() < 0)
        throw InputError(origin + ": \"t\" is not a time in seconds");
    return it->get<double>();
}

int countOf(const json& record, const char* key, const std::string& origin) {
    auto it = record.find(key);
    if (it == record.end()) return 0;
    if (!it->is_number_unsigned() || it->get<std::uint64_t>() > 1000000)
        throw InputError(origin + ": \"" + key + "\" is not a count");
    return static_cast<int>(it->get<std::uint64_t>());
}

SessionEvent event(SessionEvent::Kind kind, double t) {
    SessionEvent e;
    e.kind = kind;
    e.t = t;
    return e;
}

class Replay {
public:
    Replay(Session& s, bool keepTimeline) : s_(s), keep_(keepTimeline) {}

    void apply(const json& r, const std::string& origin) {
        if (!r.is_object()) throw InputError(origin + ": expected an object");
        checkNumber(r);
        const std::string type = text(r, "type", origin);
        const double t = type == "session" ? 0 : timeOf(r, origin);
        if (type == "session") {
            header(r, origin);
        } else if (type == "device") {
            if (!r.contains("device")) throw InputError(origin + ": device record without a device");
            if (haveDevice_) throw InputError(origin + ": a second device record");
            s_.topology.device = decode({{"device", r["device"]}}, origin).device;
            addApiAttributes(s_.topology);  // where the run added them: before any measured result
            haveDevice_ = true;
        } else if (type == "rows") {
            rows(r, origin, t);
        } else if (type == "result") {
            result(r, origin, t);
        } else if (type == "warning") {
            s_.topology.warnings.push_back(text(r, "message", origin));
            SessionEvent e = event(SessionEvent::Kind::Warning, t);
            e.text = s_.topology.warnings.back();
            keep(std::move(e));
        } else if (type == "shared_gpu") {
            s_.topology.sharedGpu = text(r, "evidence", origin);
        } else if (type == "failure") {
            if (!r.contains("failure")) throw InputError(origin + ": failure record without a failure");
            for (auto& f : decode({{"failures", json::array({r["failure"]})}}, origin).failures)
                s_.topology.failures.push_back(std::move(f));
        } else if (type == "timer") {
            s_.topology.timerOverheadCycles = decode({{"timer", {{"overheadCycles", r.value("overheadCycles", json())}}}}, origin)
                                                  .timerOverheadCycles;
        } else if (type == "begin") {
            running_.push_back(text(r, "benchmark", origin));
            SessionEvent e = event(SessionEvent::Kind::Begin, t);
            e.benchmark = running_.back();
            keep(std::move(e));
        } else if (type == "end") {
            end(r, origin, t);
        } else if (type == "progress") {
            progress(r, origin, t);
        } else if (type == "close") {
            s_.outcome = text(r, "outcome", origin);
        }
        // Unknown types come from newer writers: skipped, so old readers keep what they know.
    }

    void finish(const std::string& origin, const std::string& damage) {
        if (!haveDevice_)
            throw InputError(origin + ": the session holds no device record" +
                             (damage.empty() ? std::string() : " (reading stopped at " + damage + ")"));
        if (legacyMarks_) s_.topology.sharedGpu = sharedGpuFromLegacyWarnings(s_.topology.warnings);
        s_.cutOff = running_;
        for (const auto& name : s_.cutOff)
            s_.topology.warnings.push_back("benchmark \"" + name + "\" was cut off: the run ended while it ran");
    }

private:
    // Records carry their number "n" from 1 (sessions of older writers none): a record that is not
    // the one after the last means records were dropped, repeated or reordered between them, which
    // the framing cannot see (each record is whole). Said once per place, reading goes on.
    void checkNumber(const json& r) {
        const auto it = r.find("n");
        if (it == r.end() || !it->is_number_unsigned()) return;
        const std::uint64_t n = it->get<std::uint64_t>();
        if (lastNumber_ != 0 && n != lastNumber_ + 1)
            s_.topology.warnings.push_back(
                n > lastNumber_ + 1 ? "session records " + std::to_string(lastNumber_ + 1) + " to " + std::to_string(n - 1) +
                                          " are missing (dropped from the file): what they held is not in the report"
                                    : "session record " + std::to_string(n) + " comes again or out of order after record " +
                                          std::to_string(lastNumber_));
        lastNumber_ = n;
    }

    void keep(SessionEvent event) {
        if (keep_) s_.timeline.push_back(std::move(event));
    }

    void header(const json& r, const std::string& origin) {
        const std::string format = text(r, "format", origin);
        if (format != kSessionFormat && format != kSessionFormatV1)
            throw InputError(origin + ": unknown session format \"" + clipped(format) + "\"");
        legacyMarks_ = format == kSessionFormatV1;
        s_.topology.toolVersion = r.contains("tool") ? text(r, "tool", origin) : "";
        s_.topology.timestamp = r.contains("started") ? text(r, "started", origin) : "";
        // The build that recorded (optional: sessions written before it lack it), as a report's tool.
        if (r.contains("build")) s_.topology.toolBuild = decode({{"tool", r["build"]}}, origin).toolBuild;
    }

    void result(const json& r, const std::string& origin, double t) {
        if (!r.contains("element")) throw InputError(origin + ": result record without an element");
        for (auto& [element, report] : decode({{"elements", json::array({r["element"]})}}, origin, legacyMarks_).elements)
            for (auto& a : report.attributes) {
                if (keep_) {
                    SessionEvent e = event(SessionEvent::Kind::Result, t);
                    e.element = element;
                    e.attribute = a;
                    keep(std::move(e));
                }
                s_.topology.element(element).set(std::move(a));
            }
    }

    void end(const json& r, const std::string& origin, double t) {
        const std::string name = text(r, "benchmark", origin);
        std::erase(running_, name);
        s_.finished.push_back(name);
        const double seconds = r.contains("seconds") ? timeOf({{"t", r["seconds"]}}, origin) : -1;
        SessionEvent e = event(SessionEvent::Kind::End, t);
        e.benchmark = name;
        e.seconds = seconds;
        keep(std::move(e));
    }

    void progress(const json& r, const std::string& origin, double t) {
        SessionEvent e = event(SessionEvent::Kind::Progress, t);
        e.benchmark = r.contains("benchmark") ? text(r, "benchmark", origin) : "";
        e.text = r.contains("step") ? proseOfLegacyReason(text(r, "step", origin)) : "";
        e.done = countOf(r, "done", origin);
        e.total = countOf(r, "total", origin);
        keep(std::move(e));
    }

    void rows(const json& r, const std::string& origin, double t) {
        if (!r.contains("series") || !r["series"].is_object())
            throw InputError(origin + ": rows record without a series");
        const auto first = r.value("first", json(0u));
        if (!first.is_number_unsigned()) throw InputError(origin + ": \"first\" is not a row index");
        Topology part = decode({{"series", json::array({r["series"]})}}, origin);
        Series& chunk = part.series.front();
        auto& all = s_.topology.series;
        auto it = std::find_if(all.begin(), all.end(), [&](const Series& s) { return s.id == chunk.id; });
        const std::uint64_t at = first.get<std::uint64_t>();
        if (at != 0 && (it == all.end() || it->rows.size() != at))
            throw InputError(origin + ": rows of \"" + clipped(chunk.id) + "\" start at row " + std::to_string(at) +
                             " but " + std::to_string(it == all.end() ? 0 : it->rows.size()) + " were recorded");
        if (keep_) {
            SessionEvent e = event(SessionEvent::Kind::Rows, t);
            e.first = static_cast<std::size_t>(at);
            e.rows = chunk;
            keep(std::move(e));
        }
        if (at == 0) {
            if (it == all.end()) all.push_back(std::move(chunk));
            else *it = std::move(chunk);
            return;
        }
        for (auto& row : chunk.rows) it->rows.push_back(std::move(row));
    }

    Session& s_;
    bool keep_;
    bool legacyMarks_ = false;  // a toposcope-session/1 file
    std::vector<std::string> running_;
    bool haveDevice_ = false;
    std::uint64_t lastNumber_ = 0;
};

// Replays the records as they are read, so only one payload is in memory at a time.
Session replayLog(SessionLogReader& reader, const std::string& origin, bool withTimeline) {
    Session session;
    Replay replay(session, withTimeline);
    std::string payload, after;
    for (std::uint64_t start = reader.goodBytes(); reader.next(payload); start = reader.goodBytes()) {
        const std::string where = origin + ": record " + std::to_string(reader.records());
        json record;
        try {
            // Depth-limited: a checksummed record nested deep enough to overflow the stack is refused here.
            record = parseJsonText(payload, where);
        } catch (const InputError&) {
            // The last record is a torn end whatever it holds; one with whole records after it is bad input.
            if (reader.next(after)) throw;
            reader.damagedAt(start, "not valid JSON (a torn end)");
            break;
        }
        replay.apply(record, where);
    }
    session.records = reader.records();
    session.damage = reader.damage();
    if (!session.damage.empty())
        session.topology.warnings.push_back("session file damaged after byte " + std::to_string(reader.goodBytes()) + " (" +
                                            std::to_string(reader.badBytes()) + " bytes dropped): " + session.damage);
    replay.finish(origin, session.damage);
    return session;
}

}  // namespace

Session sessionFromBytes(const std::string& bytes, const std::string& origin, bool withTimeline) {
    SessionLogReader reader = sessionLogReader(bytes, origin);
    return replayLog(reader, origin, withTimeline);
}

// Checks what the path is before reading: a folder, a FIFO or a device is not a session, and a
// file of any size is read record by record.
Session readSession(const std::string& path, bool withTimeline) {
    const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) throw InputError(path + ": cannot open the file (" + std::strerror(errno) + ")");
    struct FdCloser {
        int fd;
        ~FdCloser() { ::close(fd); }
    } closer{fd};
    struct stat info {};
    if (::fstat(fd, &info) != 0) throw InputError(path + ": cannot read the file (" + std::strerror(errno) + ")");
    if (S_ISDIR(info.st_mode)) throw InputError(path + ": is a folder, not a session file");
    if (!S_ISREG(info.st_mode)) throw InputError(path + ": not a regular file, so not a session file");
    SessionLogReader reader(
        static_cast<std::uint64_t>(info.st_size),
        [fd](std::uint64_t offset, char* out, std::size_t size) {
            for (std::size_t done = 0; done < size;) {
                const ssize_t n = ::pread(fd, out + done, size - done, static_cast<off_t>(offset + done));
                if (n < 0 && errno == EINTR) continue;
                if (n <= 0) return false;
                done += static_cast<std::size_t>(n);
            }
            return true;
        },
        path);
    return replayLog(reader, path, withTimeline);
}

}  // namespace ts
