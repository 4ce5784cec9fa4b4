#include "terminal_text.hpp"

#include <cstdarg>
#include <sstream>
#include <string>
#include <vector>

#include "model/printable_text.hpp"

namespace ts::cli {

void printMessage(std::FILE* to, const char* format, ...) {
    va_list args;
    va_start(args, format);
    va_list again;
    va_copy(again, args);
    const int length = std::vsnprintf(nullptr, 0, format, args);
    va_end(args);
    std::vector<char> text(static_cast<std::size_t>(length > 0 ? length : 0) + 1);
    std::vsnprintf(text.data(), text.size(), format, again);
    va_end(again);
    const std::string line = printableText(std::string_view(text.data(), text.size() - 1));
    std::fwrite(line.data(), 1, line.size(), to);
    std::fflush(to);
}

void printPrintable(std::ostream& out, const std::function<void(std::ostream&)>& print) {
    std::ostringstream text;
    print(text);
    out << printableText(text.str());
}

}  // namespace ts::cli
