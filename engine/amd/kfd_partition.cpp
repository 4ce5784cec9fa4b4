#include <algorithm>
#include <filesystem>

#include "amd/kfd_properties.hpp"
#include "amd/kfd_topology.hpp"

namespace ts::amd {
namespace {

// One line of printable text, trimmed; a warning and "" for anything else.
std::string readWord(const std::filesystem::path& file, std::vector<std::string>& warnings) {
    const auto text = readSmallFile(file.string());
    if (!text) return "";
    std::string s = *text;
    while (!s.empty() && (s.back() == '\n' || s.back() == ' ' || s.back() == '\r')) s.pop_back();
    const bool printable = std::all_of(s.begin(), s.end(), [](unsigned char c) { return c >= 0x20 && c < 0x7f; });
    if (s.empty() || s.size() > 64 || !printable) {
        warnings.push_back(file.string() + ": unexpected content: ignored");
        return "";
    }
    return s;
}

}  // namespace

PartitionModes readPartitionModes(const std::string& drmRoot, int renderMinor, std::vector<std::string>& warnings) {
    const std::filesystem::path device =
        std::filesystem::path(drmRoot) / ("renderD" + std::to_string(renderMinor)) / "device";
    PartitionModes m;
    m.compute = readWord(device / "current_compute_partition", warnings);
    m.memory = readWord(device / "current_memory_partition", warnings);
    m.availableCompute = readWord(device / "available_compute_partition", warnings);
    m.availableMemory = readWord(device / "available_memory_partition", warnings);
    return m;
}

}  // namespace ts::amd
