// libFuzzer: the MT4G raw-folder reader (readMt4gRaw) on a folder made from each input
// (raw_folder_entries.hpp: files, links, FIFOs, folders, huge rows). Anything but an InputError
// escaping is a finding, and so is a hang (libFuzzer's -timeout): a FIFO must never be opened.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "io/input_error.hpp"
#include "io/mt4g_raw.hpp"
#include "raw_folder_mutator.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::string base = "/tmp/toposcope-fuzz-folder-XXXXXX";
    if (!::mkdtemp(base.data())) return 0;
    const std::filesystem::path root = base;
    ts::fuzz::makeRawEntries(root, ts::fuzz::parseRawEntries(std::string(reinterpret_cast<const char*>(data), size)));
    try {
        std::vector<std::string> warnings;
        ts::readMt4gRaw(root.string(), &warnings);
    } catch (const ts::InputError&) {
    }
    std::error_code ec;
    std::filesystem::remove_all(root, ec);  // links are removed, never followed
    return 0;
}
