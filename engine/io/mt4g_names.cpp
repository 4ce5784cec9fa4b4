#include "io/mt4g_names.hpp"

#include <algorithm>
#include <array>
#include <cctype>

namespace ts {
namespace {

struct ElementName {
    std::string_view name;
    Element nvidia;
    Element amd;
};
constexpr std::array<ElementName, 14> kElements{{
    {"L1", Element::L1, Element::VL1},
    {"L2", Element::L2, Element::L2},
    {"L3", Element::L3, Element::L3},
    {"Texture", Element::Texture, Element::Texture},
    {"Read Only", Element::ReadOnly, Element::ReadOnly},
    {"ReadOnly", Element::ReadOnly, Element::ReadOnly},
    {"Constant L1", Element::ConstantL1, Element::ConstantL1},
    {"Constant L1.5", Element::ConstantL15, Element::ConstantL15},
    {"Scalar L1", Element::SL1D, Element::SL1D},
    {"Main Memory", Element::DeviceMemory, Element::DeviceMemory},
    {"Shared Memory", Element::Shared, Element::Lds},
    {"LDS", Element::Lds, Element::Lds},
    {"vL1", Element::VL1, Element::VL1},
    {"sL1d", Element::SL1D, Element::SL1D},
}};

struct KindName {
    std::string_view suffix;
    SeriesKind kind;
    std::string_view id;
};
// Longest suffixes first: "L1 Line Size" must not read as "L1 Line" + "Size".
constexpr std::array<KindName, 6> kKinds{{
    {"Segment Size", SeriesKind::SegmentSize, "segment_size"},
    {"Line Size", SeriesKind::LineSize, "line_size"},
    {"Fetch Granularity", SeriesKind::FetchGranularity, "fetch_granularity"},
    {"Miss Penalty", SeriesKind::Latency, "miss_penalty"},
    {"Latency", SeriesKind::Latency, "latency"},
    {"Size", SeriesKind::Size, "size"},
}};

std::string lower(std::string_view s) {
    std::string out(s);
    std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) { return std::tolower(c); });
    return out;
}

bool endsWithNoCase(std::string_view s, std::string_view suffix) {
    return s.size() >= suffix.size() && lower(s.substr(s.size() - suffix.size())) == lower(suffix);
}

std::string collapseSpaces(const std::string& s) {
    std::string out;
    for (char c : s) {
        if (c == ' ' && (out.empty() || out.back() == ' ')) continue;
        out += c;
    }
    while (!out.empty() && out.back() == ' ') out.pop_back();
    return out;
}

}  // namespace

std::optional<Mt4gBenchmark> parseMt4gBenchmark(const std::string& rawName, Vendor vendor) {
    const std::string name = collapseSpaces(rawName);
    for (const auto& kind : kKinds) {
        if (!endsWithNoCase(name, kind.suffix)) continue;
        std::string element = name.substr(0, name.size() - kind.suffix.size());
        element = collapseSpaces(element);
        for (const auto& e : kElements) {
            if (lower(e.name) != lower(element)) continue;
            const Element el = vendor == Vendor::Amd ? e.amd : e.nvidia;
            if (kind.kind == SeriesKind::SegmentSize && el != Element::L2) return std::nullopt;
            return Mt4gBenchmark{el, kind.kind, std::string(toString(el)) + "." + std::string(kind.id)};
        }
        return std::nullopt;
    }
    return std::nullopt;
}

std::string mt4gBenchmarkName(Element element, SeriesKind kind) {
    std::string el;
    switch (element) {
        case Element::VL1: el = "L1"; break;
        case Element::SL1D: el = "Scalar L1"; break;
        case Element::Lds: el = "Shared Memory"; break;
        default: el = std::string(displayName(element)); break;  // "Main Memory", "Read Only", ...
    }
    for (const auto& k : kKinds)
        if (k.kind == kind && k.id != "miss_penalty") return el + " " + std::string(k.suffix);
    return el + " " + std::string(toString(kind));
}

std::optional<Mt4gFileName> parseMt4gFileName(const std::string& fileName) {
    if (!endsWithNoCase(fileName, ".txt")) return std::nullopt;
    const std::string stem = fileName.substr(0, fileName.size() - 4);
    if (const auto dash = stem.rfind(" - "); dash != std::string::npos && dash > 0 && dash + 3 < stem.size())
        return Mt4gFileName{stem.substr(0, dash), stem.substr(dash + 3)};
    if (const auto sep = stem.rfind("__"); sep != std::string::npos && sep > 0 && sep + 2 < stem.size()) {
        Mt4gFileName f{stem.substr(0, sep), stem.substr(sep + 2)};
        std::replace(f.gpu.begin(), f.gpu.end(), '_', ' ');
        std::replace(f.benchmark.begin(), f.benchmark.end(), '_', ' ');
        return f;
    }
    return std::nullopt;
}

Vendor vendorFromName(const std::string& gpuName) {
    const std::string n = lower(gpuName);
    for (const char* word : {"amd", "instinct", "radeon"})
        if (n.find(word) != std::string::npos) return Vendor::Amd;
    return Vendor::Nvidia;
}

}  // namespace ts
