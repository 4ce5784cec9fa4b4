#include <cmath>
#include <filesystem>
#include <sstream>
#include <set>

#include "io/mt4g_names.hpp"
#include "io/mt4g_raw.hpp"
#include "io/output_file.hpp"

namespace fs = std::filesystem;

namespace ts {
namespace {

bool hasRawLayout(SeriesKind kind) {
    return kind == SeriesKind::Size || kind == SeriesKind::SegmentSize || kind == SeriesKind::LineSize ||
           kind == SeriesKind::FetchGranularity || kind == SeriesKind::Latency;
}

std::string safeFileName(std::string s) {
    for (char& c : s)
        if (c == '/' || c == '\\' || c == ':' || static_cast<unsigned char>(c) < 0x20) c = '_';
    return s;
}

// A name part cut to `maxBytes` at a character boundary: a file name holds at most 255 bytes, and
// the writer's temporary name adds some (a GPU name from a crafted recording can be megabytes).
std::string fitted(std::string s, std::size_t maxBytes) {
    if (s.size() <= maxBytes) return s;
    std::size_t end = maxBytes;
    while (end > 0 && (static_cast<unsigned char>(s[end]) & 0xC0) == 0x80) --end;  // not inside a UTF-8 character
    s.resize(end);
    return s;
}

constexpr std::size_t kMaxGpuNameBytes = 120, kMaxBenchNameBytes = 80;

void writeNumber(std::ostream& out, double v) {
    if (v == std::floor(v) && std::fabs(v) < 1e18)
        out << static_cast<long long>(v);
    else
        out << v;
}

void writeSeries(std::ostream& out, const Series& s) {
    if (s.kind == SeriesKind::Latency) {  // one latency per line, all rows in order
        for (const auto& row : s.rows)
            for (auto l : row.latencies) out << l << '\n';
        return;
    }
    for (const auto& row : s.rows) {
        if (isShownOnly(row)) continue;  // MT4G's layout holds no label: analysed rows only
        writeNumber(out, row.x);
        if (s.kind == SeriesKind::LineSize) out << ',', writeNumber(out, row.x2);
        for (auto l : row.latencies) out << ',' << l;
        out << '\n';
    }
}

}  // namespace

void writeMt4gRawFolder(const std::vector<Series>& series, const std::string& gpuName, const std::string& dir) {
    OutputFolder folder(dir);
    writeMt4gRawFolder(series, gpuName, folder);
}

void writeMt4gRawFolder(const std::vector<Series>& series, const std::string& gpuName, const OutputFolder& folder) {
    const std::string gpu = fitted(safeFileName(gpuName.empty() ? std::string("GPU") : gpuName), kMaxGpuNameBytes);
    std::set<std::string> used;
    for (const auto& s : series) {
        if (!hasRawLayout(s.kind) || s.rows.empty()) continue;
        std::string bench =
            fitted(safeFileName(s.title.empty() ? mt4gBenchmarkName(s.element, s.kind) : s.title), kMaxBenchNameBytes);
        if (!used.insert(bench).second) bench += " (" + fitted(safeFileName(s.id), kMaxBenchNameBytes) + ")";
        const fs::path path = fs::path(folder.path()) / (gpu + " - " + bench + ".txt");
        std::ostringstream out;
        out.precision(17);
        writeSeries(out, s);
        writeOutputFile(path.string(), out.str());
    }
}

}  // namespace ts
