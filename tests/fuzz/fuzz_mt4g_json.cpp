// libFuzzer: the reader of MT4G's JSON layout, from the bytes of a file through the same JSON
// parser as readMt4gJsonFile. Anything but an InputError escaping is a finding.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "io/input_error.hpp"
#include "io/json_input.hpp"
#include "io/mt4g_json.hpp"
#include "io/mt4g_json_read.hpp"
#include "io/report_json.hpp"
#include "structure_mutator.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    try {
        const auto json = ts::parseJsonText(std::string_view(reinterpret_cast<const char*>(data), size), "fuzz.json");
        const ts::Topology t = ts::topologyFromMt4gJson(json, "fuzz.json");
        ts::reportToJson(t);
        ts::topologyToMt4gJson(t);
    } catch (const ts::InputError&) {
    }
    return 0;
}
