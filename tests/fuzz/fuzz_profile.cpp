// libFuzzer: the simulator profile parser. Anything but a ProfileError escaping is a finding.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "sim/profile.hpp"
#include "structure_mutator.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    try {
        std::vector<std::string> warnings;
        ts::parseProfile(std::string_view(reinterpret_cast<const char*>(data), size), "fuzz.json", &warnings);
    } catch (const ts::ProfileError&) {
    }
    return 0;
}
