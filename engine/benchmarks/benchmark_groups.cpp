#include "benchmarks/benchmark_groups.hpp"

#include <sstream>

#include "benchmarks/targets.hpp"

// Marks a title for Qt's lupdate, which reads this file for the GUI's translations
// (app/gui/CMakeLists.txt); the engine keeps the English text.
#define QT_TRANSLATE_NOOP(context, text) text

namespace ts {

const std::vector<BenchmarkGroup>& benchmarkGroups() {
    static const std::vector<BenchmarkGroup> groups{
        {"l1", QT_TRANSLATE_NOOP("ts::gui::Catalog", "L1 cache")},
        {"l2", QT_TRANSLATE_NOOP("ts::gui::Catalog", "L2 cache")},
        {"texture", QT_TRANSLATE_NOOP("ts::gui::Catalog", "Texture cache"), true, false},
        {"readonly", QT_TRANSLATE_NOOP("ts::gui::Catalog", "Read-only cache"), true, false},
        {"constant", QT_TRANSLATE_NOOP("ts::gui::Catalog", "Constant caches"), true, false},
        {"shared", QT_TRANSLATE_NOOP("ts::gui::Catalog", "Scratchpad (shared memory / LDS)")},
        {"memory", QT_TRANSLATE_NOOP("ts::gui::Catalog", "Device memory")},
        {"scalar", QT_TRANSLATE_NOOP("ts::gui::Catalog", "Scalar L1 cache"), false, true},
        {"sharing", QT_TRANSLATE_NOOP("ts::gui::Catalog", "Amount and sharing")},
        {"bandwidth", QT_TRANSLATE_NOOP("ts::gui::Catalog", "Bandwidth")},
        {"layout", QT_TRANSLATE_NOOP("ts::gui::Catalog", "SM layout (TPCs, GPCs)"), true, false},
        {"roofline", QT_TRANSLATE_NOOP("ts::gui::Catalog", "Roofline (bandwidth of every level, occupancy)"), true, true, true},
    };
    return groups;
}

const BenchmarkGroup* findBenchmarkGroup(std::string_view id) {
    for (const auto& g : benchmarkGroups())
        if (g.id == id) return &g;
    return nullptr;
}

std::string benchmarkGroupIds() {
    std::string out;
    for (const auto& g : benchmarkGroups()) out += (out.empty() ? "" : ", ") + std::string(g.id);
    return out;
}

std::string optInGroupIds() {
    std::string out;
    for (const auto& g : benchmarkGroups())
        if (g.optIn) out += (out.empty() ? "" : ", ") + std::string(g.id);
    return out;
}

std::set<std::string> defaultGroups() {
    std::set<std::string> out;
    for (const auto& g : benchmarkGroups())
        if (!g.optIn) out.insert(std::string(g.id));
    return out;
}

bool runsGroup(const std::set<std::string>& groups, std::string_view group) {
    if (!groups.empty()) return groups.count(std::string(group)) > 0;
    const BenchmarkGroup* g = findBenchmarkGroup(group);
    return g && !g->optIn;
}

std::vector<Element> groupElements(const BenchmarkGroup& group, Vendor vendor) {
    std::vector<Element> out;
    if (!group.existsOn(vendor)) return out;
    const auto targets = cacheTargets(vendor);
    for (const auto& t : targets)
        if (t.group == group.id) out.push_back(t.element);
    if (!out.empty()) return out;
    if (group.id == "shared") return {vendor == Vendor::Nvidia ? Element::Shared : Element::Lds};
    if (group.id == "memory") return {Element::DeviceMemory};
    if (group.id == "bandwidth") return {Element::L2, Element::DeviceMemory};
    if (group.id == "layout") return {Element::Compute};
    if (group.id == "roofline")
        return vendor == Vendor::Nvidia ? std::vector<Element>{Element::L1, Element::ReadOnly, Element::Shared, Element::L2,
                                                               Element::DeviceMemory}
                                        : std::vector<Element>{Element::VL1, Element::Lds, Element::L2, Element::L3, Element::DeviceMemory};
    if (group.id == "sharing")
        for (const auto& t : targets)
            if (measuredForSharing(t)) out.push_back(t.element);
    return out;
}

bool parseGroups(const std::string& csv, std::set<std::string>& groups, std::string& error) {
    std::stringstream in(csv);
    std::string name;
    while (std::getline(in, name, ',')) {
        if (name.empty()) continue;
        if (!findBenchmarkGroup(name)) {
            error = "unknown benchmark group '" + name + "' (known: " + benchmarkGroupIds() + ")";
            return false;
        }
        groups.insert(name);
    }
    if (groups.empty()) {
        error = "no benchmark group given";
        return false;
    }
    return true;
}

}  // namespace ts
