// libFuzzer: TopoScope's report reader, from the bytes of a file through the same JSON parser
// (depth limit included) as readReportFile. Anything but an InputError escaping is a finding.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "io/input_error.hpp"
#include "io/json_input.hpp"
#include "io/report_json.hpp"
#include "structure_mutator.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    try {
        const auto json = ts::parseJsonText(std::string_view(reinterpret_cast<const char*>(data), size), "fuzz.json");
        const ts::Topology t = ts::wholeReportFromJson(json, "fuzz.json");
        ts::reportToJson(t);  // what was accepted must also be writable
    } catch (const ts::InputError&) {
    }
    return 0;
}
