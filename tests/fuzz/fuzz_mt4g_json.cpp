// libFuzzer: the reader of MT4G's JSON layout. Anything but an InputError escaping is a finding.
#include <cstddef>
#include <cstdint>

#include <nlohmann/json.hpp>

#include "io/input_error.hpp"
#include "io/mt4g_json.hpp"
#include "io/mt4g_json_read.hpp"
#include "io/report_json.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const auto json = nlohmann::json::parse(data, data + size, nullptr, false);
    if (json.is_discarded()) return 0;
    try {
        const ts::Topology t = ts::topologyFromMt4gJson(json, "fuzz.json");
        ts::reportToJson(t);
        ts::topologyToMt4gJson(t);
    } catch (const ts::InputError&) {
    }
    return 0;
}
