#pragma once
#include <cstdint>
#include <string>

namespace ts {

// "1.5 MiB", "240 KiB", "512 B": three significant digits, binary units; for messages.
std::string bytesText(std::uint64_t bytes);
// "245.5 KiB", "8176 KiB", "23.52 MiB": finer than bytesText for a size search's steps and edges;
// KiB to six significant digits below 8 MiB, then MiB (or GiB) to four, never a raw count of KiB.
std::string preciseBytesText(std::uint64_t bytes);

}  // namespace ts
