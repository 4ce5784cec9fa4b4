#include "model/byte_text.hpp"

#include <sstream>

namespace ts {

std::string bytesText(std::uint64_t bytes) {
    std::ostringstream out;
    out.precision(3);
    if (bytes >= (1ull << 30)) out << static_cast<double>(bytes) / (1ull << 30) << " GiB";
    else if (bytes >= (1ull << 20)) out << static_cast<double>(bytes) / (1ull << 20) << " MiB";
    else if (bytes >= 1024) out << static_cast<double>(bytes) / 1024 << " KiB";
    else out << bytes << " B";
    return out.str();
}

std::string preciseBytesText(std::uint64_t bytes) {
    std::ostringstream out;
    if (bytes < (8ull << 20)) {
        out << static_cast<double>(bytes) / 1024.0 << " KiB";
    } else {
        out.precision(4);
        if (bytes >= (1ull << 30)) out << static_cast<double>(bytes) / (1ull << 30) << " GiB";
        else out << static_cast<double>(bytes) / (1ull << 20) << " MiB";
    }
    return out.str();
}

}  // namespace ts
