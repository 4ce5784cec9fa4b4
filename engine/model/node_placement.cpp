#include "model/node_placement.hpp"

#include <cmath>
#include <sstream>

namespace ts {

int pcieGenerationOf(double gts) {
    const double rates[] = {2.5, 5, 8, 16, 32, 64};
    for (int g = 0; g < 6; ++g)
        if (std::abs(gts - rates[g]) < 0.05) return g + 1;
    return 0;
}

std::vector<int> cpuListCpus(const std::string& list) {
    std::vector<int> cpus;
    std::istringstream in(list);
    std::string range;
    while (std::getline(in, range, ',')) {
        const auto dash = range.find('-');
        try {
            std::size_t used = 0;
            const int first = std::stoi(range.substr(0, dash), &used);
            if (range.empty() || used != (dash == std::string::npos ? range.size() : dash) || first < 0) return {};
            int last = first;
            if (dash != std::string::npos) {
                last = std::stoi(range.substr(dash + 1), &used);
                if (used != range.size() - dash - 1 || last < first || last - first > 1 << 20) return {};
            }
            for (int c = first; c <= last; ++c) cpus.push_back(c);
        } catch (const std::exception&) {
            return {};
        }
    }
    if (!list.empty() && list.back() == ',') return {};
    return cpus;
}

int cpuListCount(const std::string& list) {
    const auto cpus = cpuListCpus(list);
    return cpus.empty() ? -1 : static_cast<int>(cpus.size());
}

namespace {

std::string linkText(int generation, int width) {
    std::string text = generation > 0 ? "gen " + std::to_string(generation) : "gen ?";
    return width > 0 ? text + " x" + std::to_string(width) : text;
}

}  // namespace

std::string describe(const NodePlacement& node) {
    std::ostringstream out;
    out << (node.numaNode >= 0 ? "NUMA node " + std::to_string(node.numaNode) : std::string("no NUMA node named"));
    if (node.numaNode >= 0 && node.numaNodeByCpus) out << " (by its CPUs)";
    if (!node.localCpus.empty()) out << ", CPUs " << node.localCpus << " (" << node.localCpuCount << ")";
    if (node.pcieGeneration > 0 || node.linkWidth > 0 || node.maxPcieGeneration > 0) {
        out << ", PCIe " << linkText(node.pcieGeneration, node.linkWidth);
        if (node.maxPcieGeneration != node.pcieGeneration || node.maxLinkWidth != node.linkWidth)
            out << " (up to " << linkText(node.maxPcieGeneration, node.maxLinkWidth) << ")";
    }
    return out.str();
}

}  // namespace ts
