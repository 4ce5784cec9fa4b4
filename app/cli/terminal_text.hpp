#pragma once
// What toposcope-cli prints for a person (messages on stderr, tables on stdout) passes through
// printableText: text from input never reaches the terminal raw. Reports written to '-' are data
// and go out as they are (their JSON escapes control characters itself).
#include <cstdio>
#include <functional>
#include <ostream>

namespace ts::cli {

// printf into one line, made printable, written to `to`.
void printMessage(std::FILE* to, const char* format, ...) __attribute__((format(printf, 2, 3)));

// A table printer's text, made printable, written to `out`.
void printPrintable(std::ostream& out, const std::function<void(std::ostream&)>& print);

}  // namespace ts::cli
