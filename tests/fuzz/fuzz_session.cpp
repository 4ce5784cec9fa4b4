// libFuzzer: the session reader (framing, checksums and records; records swapped, repeated,
// dropped and moved by session_mutator.hpp), and the session writer behind it: a session that
// reads is recorded again, event by event, and must read back with the same results. An
// InputError from the fuzzed bytes is the reader's answer; anything else escaping, or a
// rewritten session that does not read back the same, is a finding.
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstdio>
#include <filesystem>
#include <string>

#include "io/input_error.hpp"
#include "io/report_json.hpp"
#include "io/session_read.hpp"
#include "io/session_recorder.hpp"
#include "session_mutator.hpp"

namespace {

std::size_t attributeCount(const ts::Topology& t) {
    std::size_t n = 0;
    for (const auto& [element, report] : t.elements) n += report.attributes.size();
    return n;
}

[[noreturn]] void finding(const std::string& what) {
    std::fprintf(stderr, "session writer: %s\n", what.c_str());
    std::abort();
}

// Records `read` as a run would (device, series, results, warnings, failures) and reads it back.
void rewrite(const ts::Topology& read) {
    const std::string path =
        (std::filesystem::temp_directory_path() / ("toposcope-fuzz-session-" + std::to_string(::getpid()) + ".tss")).string();
    {
        ts::Observer none;
        ts::SessionRecorder recorder(path, none, &read);
        recorder.onDevice(read.device);
        for (const auto& series : read.series) recorder.onSeriesChunk({&series, 0});
        for (const auto& [element, report] : read.elements)
            for (const auto& attribute : report.attributes) recorder.onResult({element, attribute});
        for (const auto& warning : read.warnings) recorder.onWarning(warning);
        for (const auto& failure : read.failures) recorder.onFailure(failure);
        recorder.close("finished");
        if (!recorder.error().empty()) finding("could not record: " + recorder.error());
    }
    try {
        const ts::Session back = ts::readSession(path);
        if (attributeCount(back.topology) != attributeCount(read) || back.topology.series.size() != read.series.size())
            finding("the rewritten session reads back different results");
    } catch (const ts::InputError& e) {
        finding(std::string("the rewritten session does not read: ") + e.what());
    }
    std::filesystem::remove(path);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    ts::Session s;
    try {
        s = ts::sessionFromBytes(std::string(reinterpret_cast<const char*>(data), size), "fuzz.tss");
        ts::reportToJson(s.topology);
    } catch (const ts::InputError&) {
        return 0;
    }
    rewrite(s.topology);
    return 0;
}
