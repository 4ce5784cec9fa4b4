#pragma once
#include <cstddef>
#include <cstdint>

namespace ts {

// CRC-32 (IEEE 802.3, the zlib/PNG polynomial), used to detect torn or damaged session records.
std::uint32_t crc32(const void* data, std::size_t size);

}  // namespace ts
