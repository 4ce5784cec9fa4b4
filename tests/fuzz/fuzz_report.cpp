// libFuzzer: TopoScope's report reader. Anything but an InputError escaping is a finding.
#include <cstddef>
#include <cstdint>

#include <nlohmann/json.hpp>

#include "io/input_error.hpp"
#include "io/report_json.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const auto json = nlohmann::json::parse(data, data + size, nullptr, false);
    if (json.is_discarded()) return 0;  // the file reader turns this into an InputError
    try {
        const ts::Topology t = ts::reportFromJson(json, "fuzz.json");
        ts::reportToJson(t);  // what was accepted must also be writable
    } catch (const ts::InputError&) {
    }
    return 0;
}
