#include "model/printable_text.hpp"

#include <algorithm>
#include <cstdio>

namespace ts {
namespace {

void escaped(std::string& out, unsigned char c) {
    char hex[8];
    std::snprintf(hex, sizeof hex, "\\x%02x", c);
    out += hex;
}

}  // namespace

std::string printableText(std::string_view text, std::size_t maxLineBytes) {
    std::string out;
    out.reserve(std::min(text.size(), maxLineBytes) + 16);
    std::size_t lineStart = 0;  // in `text`
    for (std::size_t i = 0; i < text.size(); ++i) {
        const auto c = static_cast<unsigned char>(text[i]);
        if (c == '\n') {
            out += '\n';
            lineStart = i + 1;
            continue;
        }
        if (i - lineStart == maxLineBytes) {  // cut the rest of this line
            std::size_t end = text.find('\n', i);
            if (end == std::string_view::npos) end = text.size();
            out += "... (" + std::to_string(end - lineStart) + " bytes in all)";
            i = end - 1;
            continue;
        }
        if (c == 0xC2 && i + 1 < text.size() && static_cast<unsigned char>(text[i + 1]) >= 0x80 &&
            static_cast<unsigned char>(text[i + 1]) <= 0x9F) {
            escaped(out, c);
            escaped(out, static_cast<unsigned char>(text[++i]));
        } else if ((c < 0x20 && c != '\t') || c == 0x7F) {
            escaped(out, c);
        } else {
            out += static_cast<char>(c);
        }
    }
    return out;
}

}  // namespace ts
