#include "backend/node_placement_sysfs.hpp"

#include <algorithm>
#include <cctype>
#include <fstream>
#include <regex>

namespace ts {
namespace {

std::string firstLine(const std::filesystem::path& file) {
    std::ifstream in(file);
    std::string line;
    if (!in || !std::getline(in, line)) return {};
    while (!line.empty() && std::isspace(static_cast<unsigned char>(line.back()))) line.pop_back();
    return line;
}

int number(const std::string& text, int otherwise) {
    try {
        std::size_t used = 0;
        const int v = std::stoi(text, &used);
        return used == text.size() ? v : otherwise;
    } catch (const std::exception&) {
        return otherwise;
    }
}

// "32.0 GT/s PCIe" (or "32.0 GT/s", "Unknown"): the generation, 0 when unknown.
int generationOf(const std::string& speed) {
    try {
        std::size_t used = 0;
        const double gts = std::stod(speed, &used);
        return speed.compare(used, 5, " GT/s") == 0 ? pcieGenerationOf(gts) : 0;
    } catch (const std::exception&) {
        return 0;
    }
}

}  // namespace

std::string sysfsPciAddress(const std::string& busId) {
    static const std::regex form("^([0-9a-fA-F]{4,8}):([0-9a-fA-F]{2}):([0-9a-fA-F]{2})\\.([0-7])$");
    std::smatch m;
    if (!std::regex_match(busId, m, form)) return {};
    const std::string domain = m[1].str();
    if (domain.find_first_not_of('0') < domain.size() - 4) return {};  // a domain past 16 bits
    std::string address = domain.substr(domain.size() - 4) + ":" + m[2].str() + ":" + m[3].str() + "." + m[4].str();
    std::transform(address.begin(), address.end(), address.begin(), [](unsigned char c) { return std::tolower(c); });
    return address;
}

namespace {

// The one node whose CPUs hold every one of `cpus`; -1 when none or several do.
int nodeHolding(const std::vector<int>& cpus, const std::filesystem::path& nodes) {
    int found = -1;
    std::error_code error;
    for (std::filesystem::directory_iterator it(nodes, error), end; !error && it != end; it.increment(error)) {
        const std::string name = it->path().filename().string();
        if (name.rfind("node", 0) != 0) continue;
        const int id = number(name.substr(4), -1);
        if (id < 0) continue;
        std::vector<int> own = cpuListCpus(firstLine(it->path() / "cpulist"));
        std::sort(own.begin(), own.end());
        if (own.empty() || !std::includes(own.begin(), own.end(), cpus.begin(), cpus.end())) continue;
        if (found >= 0) return -1;
        found = id;
    }
    return found;
}

}  // namespace

std::optional<NodePlacement> readNodePlacement(const std::string& busId, const std::filesystem::path& devices,
                                               const std::filesystem::path& nodes) {
    const std::string address = sysfsPciAddress(busId);
    if (address.empty()) return std::nullopt;
    const auto dir = devices / address;
    std::error_code error;
    if (!std::filesystem::is_directory(dir, error)) return std::nullopt;
    NodePlacement node;
    node.pciAddress = address;
    node.source = "sysfs";
    node.numaNode = std::max(-1, number(firstLine(dir / "numa_node"), -1));
    const std::string cpus = firstLine(dir / "local_cpulist");
    const int count = cpuListCount(cpus);
    if (count > 0) {
        node.localCpus = cpus;
        node.localCpuCount = count;
        if (node.numaNode < 0) {
            std::vector<int> nearest = cpuListCpus(cpus);
            std::sort(nearest.begin(), nearest.end());
            node.numaNode = nodeHolding(nearest, nodes);
            node.numaNodeByCpus = node.numaNode >= 0;
        }
    }
    node.pcieGeneration = generationOf(firstLine(dir / "current_link_speed"));
    node.maxPcieGeneration = generationOf(firstLine(dir / "max_link_speed"));
    node.linkWidth = std::max(0, number(firstLine(dir / "current_link_width"), 0));
    node.maxLinkWidth = std::max(0, number(firstLine(dir / "max_link_width"), 0));
    return node;
}

}  // namespace ts
