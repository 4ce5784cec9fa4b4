// libFuzzer: the parser of one MT4G raw series file, for every series kind. The parser reads
// files, so each input goes through a file of this process. Anything but an InputError escaping
// is a finding.
#include <cstddef>
#include <cstdint>
#include <fstream>
#include <string>
#include <unistd.h>

#include "io/input_error.hpp"
#include "io/mt4g_raw.hpp"
#include "structure_mutator.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static const std::string path = "/tmp/toposcope-fuzz-raw-" + std::to_string(::getpid()) + ".txt";
    if (size == 0) return 0;
    {
        std::ofstream out(path, std::ios::binary | std::ios::trunc);
        out.write(reinterpret_cast<const char*>(data + 1), static_cast<std::streamsize>(size - 1));
    }
    // The first byte picks the series kind, so every column layout is fuzzed.
    const ts::SeriesKind kinds[] = {ts::SeriesKind::Size, ts::SeriesKind::LineSize, ts::SeriesKind::FetchGranularity,
                                    ts::SeriesKind::Latency, ts::SeriesKind::SegmentSize};
    const ts::SeriesKind kind = kinds[data[0] % 5];
    try {
        ts::readMt4gRawFile(path, "L1 Size", ts::Element::L1, kind, "l1.fuzz");
    } catch (const ts::InputError&) {
    }
    return 0;
}
