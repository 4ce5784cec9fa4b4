#include "io/crc32.hpp"

#include <array>

namespace ts {
namespace {

using Tables = std::array<std::array<std::uint32_t, 256>, 8>;

// Table 0 is the byte-at-a-time table; table k advances a byte's contribution by k more bytes,
// so eight bytes are folded in per step ("slicing by 8"): a 256 MiB record is checked in a
// fraction of a second.
Tables makeTables() {
    Tables t{};
    for (std::uint32_t i = 0; i < 256; ++i) {
        std::uint32_t c = i;
        for (int k = 0; k < 8; ++k) c = (c & 1) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
        t[0][i] = c;
    }
    for (std::size_t k = 1; k < t.size(); ++k)
        for (std::uint32_t i = 0; i < 256; ++i) t[k][i] = (t[k - 1][i] >> 8) ^ t[0][t[k - 1][i] & 0xFFu];
    return t;
}

std::uint32_t littleEndian32(const unsigned char* p) {
    return static_cast<std::uint32_t>(p[0]) | static_cast<std::uint32_t>(p[1]) << 8 | static_cast<std::uint32_t>(p[2]) << 16 |
           static_cast<std::uint32_t>(p[3]) << 24;
}

}  // namespace

std::uint32_t crc32(const void* data, std::size_t size, std::uint32_t previous) {
    static const Tables t = makeTables();
    const auto* bytes = static_cast<const unsigned char*>(data);
    std::uint32_t c = previous ^ 0xFFFFFFFFu;
    for (; size >= 8; size -= 8, bytes += 8) {
        const std::uint32_t low = c ^ littleEndian32(bytes);
        const std::uint32_t high = littleEndian32(bytes + 4);
        c = t[7][low & 0xFFu] ^ t[6][(low >> 8) & 0xFFu] ^ t[5][(low >> 16) & 0xFFu] ^ t[4][low >> 24] ^
            t[3][high & 0xFFu] ^ t[2][(high >> 8) & 0xFFu] ^ t[1][(high >> 16) & 0xFFu] ^ t[0][high >> 24];
    }
    for (; size > 0; --size, ++bytes) c = t[0][(c ^ *bytes) & 0xFFu] ^ (c >> 8);
    return c ^ 0xFFFFFFFFu;
}

}  // namespace ts
