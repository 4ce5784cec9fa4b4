#pragma once
#include <cstdint>
#include <string>

namespace ts {

// "1.5 MiB", "240 KiB", "512 B": three significant digits, binary units; for messages.
std::string bytesText(std::uint64_t bytes);
// "8176 KiB", "245.5 KiB": always KiB, six significant digits (a size search's steps and edges).
std::string kibText(std::uint64_t bytes);

}  // namespace ts
