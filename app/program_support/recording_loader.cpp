#include "program_support/recording_loader.hpp"

#include <filesystem>
#include <fstream>

#include <nlohmann/json.hpp>

#include "analysis/raw_analysis.hpp"
#include "analysis/series_threshold.hpp"
#include "io/mt4g_raw_analysis.hpp"
#include "io/input_error.hpp"
#include "io/json_input.hpp"
#include "io/mt4g_json_read.hpp"
#include "io/report_json.hpp"
#include "io/session_log.hpp"
#include "io/session_read.hpp"

namespace ts::app {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

// The first bytes are enough to tell a session or a binary file; a dropped disk image is not read whole.
std::string readPrefix(const std::string& path, std::size_t size) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw InputError(path + ": cannot open the file");
    std::string bytes(size, '\0');
    in.read(bytes.data(), static_cast<std::streamsize>(size));
    if (in.bad()) throw InputError(path + ": cannot read the file");
    bytes.resize(static_cast<std::size_t>(in.gcount()));
    return bytes;
}

// A session starts with its magic line; a file cut inside the magic is a torn session too.
bool looksLikeSession(const std::string& bytes) {
    const std::string magic(kSessionMagic, kSessionMagicSize);
    const std::string family = magic.substr(0, magic.find('/'));  // "TSSESSION", any version
    if (bytes.size() < magic.size()) return magic.compare(0, bytes.size(), bytes) == 0;
    return bytes.compare(0, family.size(), family) == 0;
}

char firstNonBlank(const std::string& bytes) {
    for (char c : bytes)
        if (c != ' ' && c != '\t' && c != '\r' && c != '\n') return c;
    return '\0';
}

struct Probe {
    RecordingKind kind = RecordingKind::Report;
    json parsed;  // the document, for the JSON kinds
};

Probe probe(const std::string& path) {
    std::error_code ec;
    const fs::file_status status = fs::status(path, ec);
    if (ec || !fs::exists(status)) throw InputError(path + ": no such file or folder");
    if (fs::is_directory(status)) return {RecordingKind::Mt4gRaw, {}};
    if (!fs::is_regular_file(status)) throw InputError(path + ": not a regular file");

    const std::string head = readPrefix(path, 4096);
    if (head.empty()) throw InputError(path + ": the file is empty");
    if (looksLikeSession(head)) return {RecordingKind::Session, {}};
    const char first = firstNonBlank(head);
    if (first != '{' && first != '[' && (first != '\0' || head.size() < 4096))
        throw InputError(path + ": not a recording: neither a TopoScope session (no TSSESSION header) nor a JSON report");
    Probe p;
    p.parsed = readJsonInput(path, kMaxReportBytes, "JSON report");
    if (!p.parsed.is_object()) throw InputError(path + ": a JSON report must be an object at the top level");
    if (p.parsed.contains("format")) return {RecordingKind::Report, std::move(p.parsed)};
    if (p.parsed.contains("general") || p.parsed.contains("memory")) return {RecordingKind::Mt4gJson, {}};
    throw InputError(path + ": JSON, but neither a TopoScope report (no \"format\") nor an MT4G report "
                            "(no \"general\" or \"memory\")");
}

Recording fromSession(const std::string& path, bool withTimeline = false) {
    Session session = readSession(path, withTimeline);
    Recording r;
    r.topology = std::move(session.topology);
    r.cutOff = std::move(session.cutOff);
    r.outcome = std::move(session.outcome);
    r.damage = std::move(session.damage);
    r.timeline = std::move(session.timeline);
    return r;
}

}  // namespace

const char* recordingKindName(RecordingKind kind) {
    switch (kind) {
        case RecordingKind::Report: return "TopoScope report";
        case RecordingKind::Session: return "session";
        case RecordingKind::Mt4gJson: return "MT4G JSON report";
        case RecordingKind::Mt4gRaw: return "MT4G raw folder";
    }
    return "recording";
}

RecordingKind detectRecordingKind(const std::string& path) { return probe(path).kind; }

Recording loadRecording(const std::string& path, RecordingKind kind) {
    Recording r;
    switch (kind) {
        case RecordingKind::Report: r.topology = readReportFile(path); break;
        case RecordingKind::Session: r = fromSession(path); break;
        case RecordingKind::Mt4gJson: r.topology = readMt4gJsonFile(path, &r.warnings); break;
        case RecordingKind::Mt4gRaw: r.topology = analyzeMt4gRaw(path, &r.warnings); break;
    }
    r.kind = kind;
    r.path = path;
    updateMissThresholds(r.topology);  // files hold the rows, not the thresholds drawn over them
    return r;
}

Recording loadRecording(const std::string& path) {
    Probe p = probe(path);
    if (p.kind != RecordingKind::Report) return loadRecording(path, p.kind);
    Recording r;
    r.kind = RecordingKind::Report;
    r.path = path;
    r.topology = wholeReportFromJson(p.parsed, path);  // already parsed: no second read
    updateMissThresholds(r.topology);
    return r;
}

Recording loadRecordingForReplay(const std::string& path) {
    if (detectRecordingKind(path) != RecordingKind::Session) return loadRecording(path);
    Recording r = fromSession(path, true);
    r.kind = RecordingKind::Session;
    r.path = path;
    updateMissThresholds(r.topology);
    return r;
}

}  // namespace ts::app
