// Parsing of one MT4G raw file; every problem becomes an InputError naming the file and line.
#include <charconv>
#include <cmath>

#include "io/input_file.hpp"
#include "io/mt4g_raw.hpp"

namespace ts {
namespace {

constexpr double kMaxCycles = 1e9;
constexpr double kMaxBytes = 1e15;
// MT4G's largest series (an L2 segment size sweep) is 1 MiB, TopoScope's under 100 KiB.
constexpr std::uint64_t kMaxFileBytes = 512ull << 20;
constexpr std::size_t kMaxLineBytes = 64u << 20;

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
        if (ec != std::errc() || ptr != end || !std::isfinite(v)) fail(shown(field, "'", "' is not a number"));
        return v;
    }

    double bytes(const std::string& field, const char* what, double min = 1) const {
        const double v = number(field);
        if (v < min || v > kMaxBytes)
            fail(shown(field, std::string("absurd ") + what + " ", min > 0 ? " (must be 1..1e15 bytes)" : " (must be 0..1e15 bytes)"));
        return v;
    }

    std::uint32_t cycles(const std::string& field) const {
        const double v = number(field);
        if (v < 0 || v > kMaxCycles) fail(shown(field, "absurd latency ", " (must be 0..1e9 cycles)"));
        if (v != std::floor(v)) fail(shown(field, "latency ", " is not a whole number of cycles"));
        return static_cast<std::uint32_t>(v);
    }

private:
    // `before` + the field, cut for a message + `after`.
    static std::string shown(const std::string& field, std::string before, const char* after) {
        before += cutForMessage(field);
        return before += after;
    }

    std::string path_;
    std::size_t line_;
};

// One line of text without its '\n'; binary data is refused at its first byte, so a file of
// zeros costs one byte, not a line as long as the file. False at the end of the file.
bool readTextLine(InputFile& in, std::size_t lineNo, std::string& line) {
    line.clear();
    int c = in.get();
    if (c < 0) return false;
    for (; c >= 0 && c != '\n'; c = in.get()) {
        if ((c < 0x20 && c != '\t' && c != '\r') || c >= 0x7f)
            LineParser(in.path(), lineNo).fail("binary data, not a text raw series");
        if (line.size() == kMaxLineBytes)
            LineParser(in.path(), lineNo).fail("a line longer than 64 MiB, not a raw series row");
        line.push_back(static_cast<char>(c));
    }
    return true;
}

// A row's leading fields; the timings after them may be missing (MT4G writes "16,699050", a
// stride and an array size, for a row it took no samples in): a row without samples.
std::size_t minimumFields(SeriesKind kind) { return kind == SeriesKind::LineSize ? 2 : 1; }

}  // namespace

Series readMt4gRawFile(const std::string& path, const std::string& benchmark, Element element, SeriesKind kind,
                       const std::string& id) {
    InputFile in(path, kMaxFileBytes, "MT4G raw series");
    Series series;
    series.id = id;
    series.title = benchmark;
    series.kind = kind;
    series.element = element;
    SeriesRow latencyRow;

    std::size_t lineNo = 0;
    std::string raw;
    while (readTextLine(in, lineNo + 1, raw)) {
        ++lineNo;
        const LineParser p(path, lineNo);
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
            p.fail("truncated line: " + std::to_string(fields.size()) + " field(s), " + benchmark +
                   " needs a stride and an array size");
        if (kind == SeriesKind::Latency) {
            if (fields.size() != 1) p.fail("expected one latency per line, found " + std::to_string(fields.size()));
            latencyRow.latencies.push_back(p.cycles(fields[0]));
            continue;
        }
        SeriesRow row;
        std::size_t first = 1;
        // Stride 0 is the warm reference row TopoScope writes first in a fetch granularity series.
        if (kind == SeriesKind::FetchGranularity) row.x = p.bytes(fields[0], "stride", 0);
        else row.x = p.bytes(fields[0], kind == SeriesKind::LineSize ? "stride" : "size");
        if (kind == SeriesKind::FetchGranularity && row.x == 0) row.label = "warm reference";
        if (kind == SeriesKind::LineSize) row.x2 = p.bytes(fields[1], "array size"), first = 2;
        for (std::size_t i = first; i < fields.size(); ++i) row.latencies.push_back(p.cycles(fields[i]));
        series.rows.push_back(std::move(row));
    }
    if (kind == SeriesKind::Latency && !latencyRow.latencies.empty()) series.rows.push_back(std::move(latencyRow));
    if (series.rows.empty()) throw InputError(path + ": empty file, no data rows");
    return series;
}

}  // namespace ts
