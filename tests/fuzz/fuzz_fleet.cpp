// libFuzzer: the fleet report reader (fleetFromJson, each member's report through the report
// reader), then its writer. Anything but an InputError escaping is a finding.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "fleet/fleet_report.hpp"
#include "io/input_error.hpp"
#include "io/json_input.hpp"
#include "structure_mutator.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    try {
        const auto json = ts::parseJsonText(std::string_view(reinterpret_cast<const char*>(data), size), "fuzz.json");
        const ts::fleet::FleetReport f = ts::fleet::fleetFromJson(json, "fuzz.json");
        ts::fleet::fleetToJson(f);
    } catch (const ts::InputError&) {
    }
    return 0;
}
