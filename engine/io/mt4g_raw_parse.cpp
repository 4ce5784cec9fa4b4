// Parsing of one MT4G raw file; every problem becomes an InputError naming the file and line.
#include <charconv>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "io/mt4g_raw.hpp"

namespace ts {
namespace {

constexpr double kMaxCycles = 1e9;
constexpr double kMaxBytes = 1e15;
constexpr std::uintmax_t kMaxFileBytes = 512ull << 20;

std::string trim(std::string_view s) {
    const auto first = s.find_first_not_of(" \t\r");
    if (first == std::string_view::npos) return {};
    const auto last = s.find_last_not_of(" \t\r");
    return std::string(s.substr(first, last - first + 1));
}

class LineParser {
public:
    LineParser(std::string path, std::size_t line) : path_(std::move(path)), line_(line) {}

    [[noreturn]] void fail(const std::string& problem) const {
        throw InputError(path_ + ":" + std::to_string(line_) + ": " + problem);
    }

    double number(const std::string& field) const {
        double v = 0;
        const char* end = field.data() + field.size();
        const auto [ptr, ec] = std::from_chars(field.data(), end, v);
        if (ec != std::errc() || ptr != end || !std::isfinite(v)) fail("'" + field + "' is not a number");
        return v;
    }

    double bytes(const std::string& field, const char* what) const {
        const double v = number(field);
        if (v <= 0 || v > kMaxBytes) fail(std::string("absurd ") + what + " " + field + " (must be 1.." + "1e15 bytes)");
        return v;
    }

    std::uint32_t cycles(const std::string& field) const {
        const double v = number(field);
        if (v < 0 || v > kMaxCycles) fail("absurd latency " + field + " (must be 0..1e9 cycles)");
        if (v != std::floor(v)) fail("latency " + field + " is not a whole number of cycles");
        return static_cast<std::uint32_t>(v);
    }

private:
    std::string path_;
    std::size_t line_;
};

std::string readWhole(const std::string& path) {
    std::error_code ec;
    const auto size = std::filesystem::file_size(path, ec);
    if (ec) throw InputError(path + ": cannot read (" + ec.message() + ")");
    if (size > kMaxFileBytes) throw InputError(path + ": " + std::to_string(size) + " bytes, too large for a raw series");
    std::ifstream in(path, std::ios::binary);
    if (!in) throw InputError(path + ": cannot open");
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

std::size_t minimumFields(SeriesKind kind) {
    switch (kind) {
        case SeriesKind::LineSize: return 3;  // stride, array size, latencies
        case SeriesKind::Latency: return 1;
        default: return 2;                    // x, latencies
    }
}

}  // namespace

Series readMt4gRawFile(const std::string& path, const std::string& benchmark, Element element, SeriesKind kind,
                       const std::string& id) {
    const std::string text = readWhole(path);
    Series series;
    series.id = id;
    series.title = benchmark;
    series.kind = kind;
    series.element = element;
    SeriesRow latencyRow;

    std::size_t lineNo = 0, start = 0;
    while (start < text.size()) {
        const auto end = std::min(text.find('\n', start), text.size());
        const std::string_view raw(text.data() + start, end - start);
        start = end + 1;
        ++lineNo;
        const LineParser p(path, lineNo);
        for (unsigned char c : raw)
            if ((c < 0x20 && c != '\t' && c != '\r') || c >= 0x7f) p.fail("binary data, not a text raw series");
        const std::string line = trim(raw);
        if (line.empty()) continue;

        std::vector<std::string> fields;
        std::size_t from = 0;
        while (true) {
            const auto comma = line.find(',', from);
            fields.push_back(trim(std::string_view(line).substr(from, comma == std::string::npos ? std::string::npos : comma - from)));
            if (comma == std::string::npos) break;
            from = comma + 1;
        }
        for (const auto& f : fields)
            if (f.empty()) p.fail("empty field (truncated line?)");
        if (fields.size() < minimumFields(kind))
            p.fail("truncated line: " + std::to_string(fields.size()) + " field(s), " + benchmark + " needs at least " +
                   std::to_string(minimumFields(kind)));
        if (kind == SeriesKind::Latency) {
            if (fields.size() != 1) p.fail("expected one latency per line, found " + std::to_string(fields.size()));
            latencyRow.latencies.push_back(p.cycles(fields[0]));
            continue;
        }
        SeriesRow row;
        std::size_t first = 1;
        row.x = p.bytes(fields[0], kind == SeriesKind::LineSize || kind == SeriesKind::FetchGranularity ? "stride" : "size");
        if (kind == SeriesKind::LineSize) row.x2 = p.bytes(fields[1], "array size"), first = 2;
        for (std::size_t i = first; i < fields.size(); ++i) row.latencies.push_back(p.cycles(fields[i]));
        series.rows.push_back(std::move(row));
    }
    if (kind == SeriesKind::Latency && !latencyRow.latencies.empty()) series.rows.push_back(std::move(latencyRow));
    if (series.rows.empty()) throw InputError(path + ": empty file, no data rows");
    return series;
}

}  // namespace ts
