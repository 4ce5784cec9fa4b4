#pragma once
#include <cstddef>
#include <cstdint>

namespace ts {

// CRC-32 (IEEE 802.3, the zlib/PNG polynomial), used to detect torn or damaged session records.
// `previous`: the CRC of the bytes before these, to checksum data in pieces (0 to start).
std::uint32_t crc32(const void* data, std::size_t size, std::uint32_t previous = 0);

}  // namespace ts
