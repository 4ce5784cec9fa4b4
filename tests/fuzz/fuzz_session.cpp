// libFuzzer: the session reader (framing, checksums and records; records swapped, repeated,
// dropped and moved by session_mutator.hpp). Anything but an InputError
// escaping is a finding.
#include <cstddef>
#include <cstdint>
#include <string>

#include "io/input_error.hpp"
#include "io/report_json.hpp"
#include "io/session_read.hpp"
#include "session_mutator.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    try {
        const ts::Session s = ts::sessionFromBytes(std::string(reinterpret_cast<const char*>(data), size), "fuzz.tss");
        ts::reportToJson(s.topology);
    } catch (const ts::InputError&) {
    }
    return 0;
}
