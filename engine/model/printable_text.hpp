#pragma once
// Text that came from input (a device name, a warning or reason from a recording, a file name),
// made safe to print on a terminal: the one sanitiser every printer of the CLI goes through.
#include <cstddef>
#include <string>
#include <string_view>

namespace ts {

inline constexpr std::size_t kMaxPrintedLineBytes = 4096;

// Control characters but newline and tab (ESC, BEL, CR, ...), DEL and the C1 controls (UTF-8
// C2 80..C2 9F) are written as \xHH, so an escape sequence in a crafted file cannot reach the
// terminal (set its title, clear it); a line longer than maxLineBytes is cut there and says how
// long it was.
std::string printableText(std::string_view text, std::size_t maxLineBytes = kMaxPrintedLineBytes);

}  // namespace ts
