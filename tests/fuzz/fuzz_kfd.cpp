// libFuzzer: the KFD sysfs "properties" parser and its range-checked getters. It warns and never
// throws: anything escaping is a finding.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "amd/kfd_properties.hpp"
#include "structure_mutator.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::vector<std::string> warnings;
    const auto p = ts::amd::KfdProperties::parse(std::string(reinterpret_cast<const char*>(data), size), "fuzz", warnings);
    for (const char* name : {"simd_count", "lds_size_in_kb", "wave_front_size", "cache_size", "size_in_bytes"})
        p.getOr0(name, 1u << 20, warnings);
    return 0;
}
