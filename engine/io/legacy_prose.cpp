#include "io/legacy_prose.hpp"

#include <cstdio>
#include <functional>
#include <regex>

#include "model/byte_text.hpp"

namespace ts {
namespace {

// `text` with every match of `pattern` replaced by what `rewrite` makes of it.
std::string rewriteEach(const std::string& text, const std::regex& pattern,
                        const std::function<std::string(const std::smatch&)>& rewrite) {
    std::string out;
    auto last = text.cbegin();
    for (std::sregex_iterator it(text.begin(), text.end(), pattern), end; it != end; ++it) {
        out.append(last, (*it)[0].first);
        out += rewrite(*it);
        last = (*it)[0].second;
    }
    out.append(last, text.cend());
    return out;
}

// As finely as today's engine writes a size ("244.5 KiB", "23.52 MiB").
std::string bytesOf(const std::string& digits) {
    const auto n = static_cast<std::uint64_t>(std::stoull(digits));
    return n < 1024 ? bytesText(n) : preciseBytesText(n);
}

}  // namespace

std::string proseOfLegacyReason(const std::string& reason) {
    if (reason.find_first_of("0123456789") == std::string::npos) return reason;
    static const std::regex halfOpen(R"(\[(\d+),\s*(\d+)\))");
    static const std::regex byteRange(R"((\d+)\s*(?:\.\.|-)\s*(\d+) B\b)");
    static const std::regex dots(R"((\d(?: [KMG]iB| B)?)\s*\.\.\s*(\d))");
    static const std::regex bytes(R"((^|[^\d.,])(\d{4,}) B\b)");
    static const std::regex kibibytes(R"((^|[^\d.,])(\d{5,}) KiB\b)");
    static const std::regex missFraction(R"(smaller strides give stride/missFraction = (\d+(?:\.\d+)?) B)");
    static const std::regex decimals(R"((^|[^\d.])(\d+\.0*[1-9]\d{4,})\b)");
    std::string out = rewriteEach(reason, halfOpen, [](const std::smatch& m) {
        return std::to_string(std::stoll(m[1]) + 1) + "-" + m[2].str();
    });
    out = rewriteEach(out, missFraction, [](const std::smatch& m) {
        char buf[32];
        std::snprintf(buf, sizeof buf, "%.3g", std::stod(m[1]));
        return "at smaller strides, the stride over the share of loads that missed gives " + std::string(buf) + " B";
    });
    out = rewriteEach(out, byteRange, [](const std::smatch& m) {
        return bytesOf(m[1].str()) + " to " + bytesOf(m[2].str());
    });
    out = rewriteEach(out, dots, [](const std::smatch& m) { return m[1].str() + " to " + m[2].str(); });
    out = rewriteEach(out, bytes, [](const std::smatch& m) {
        return m[1].str() + bytesOf(m[2].str());
    });
    out = rewriteEach(out, kibibytes, [](const std::smatch& m) {
        return m[1].str() + preciseBytesText(static_cast<std::uint64_t>(std::stoull(m[2])) * 1024);
    });
    return rewriteEach(out, decimals, [](const std::smatch& m) {
        char buf[32];
        std::snprintf(buf, sizeof buf, "%.3g", std::stod(m[2]));
        return m[1].str() + buf;
    });
}

}  // namespace ts
