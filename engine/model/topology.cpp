#include "model/topology.hpp"

#include <algorithm>
#include <cctype>

#include "model/attribute_names.hpp"

namespace ts {

const Attribute* ElementReport::find(const std::string& name) const {
    auto it = std::find_if(attributes.begin(), attributes.end(),
                           [&](const Attribute& a) { return a.name == name; });
    return it == attributes.end() ? nullptr : &*it;
}

void ElementReport::set(Attribute a) {
    a.unit = attr::unitOf(a.name, a.unit);
    auto it = std::find_if(attributes.begin(), attributes.end(),
                           [&](const Attribute& x) { return x.name == a.name; });
    if (it == attributes.end())
        attributes.push_back(std::move(a));
    else
        *it = std::move(a);
}

ElementReport& Topology::element(Element e) {
    auto [it, inserted] = elements.try_emplace(e);
    if (inserted) it->second.element = e;
    return it->second;
}

const Attribute* Topology::find(Element e, const std::string& name) const {
    auto it = elements.find(e);
    return it == elements.end() ? nullptr : it->second.find(name);
}

const Attribute* Topology::findDecided(Element e, const std::string& name) const {
    const Attribute* a = find(e, name);
    return a && a->isDecidedFigure() ? a : nullptr;
}

const Attribute* Topology::findShowable(Element e, const std::string& name) const {
    const Attribute* a = find(e, name);
    return a && a->isShowable() ? a : nullptr;
}

const Series* Topology::findSeries(const std::string& id) const {
    auto it = std::find_if(series.begin(), series.end(), [&](const Series& s) { return s.id == id; });
    return it == series.end() ? nullptr : &*it;
}

namespace {

bool sameName(std::string_view a, std::string_view b) {
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
               return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
           });
}

}  // namespace

std::vector<std::vector<Element>> physicalCaches(const Topology& topology, const std::vector<Element>& candidates) {
    std::vector<Element> present;
    for (Element e : candidates) {
        const auto it = topology.elements.find(e);
        if (it != topology.elements.end() && !it->second.attributes.empty()) present.push_back(e);
    }
    std::vector<std::size_t> parent(present.size());
    for (std::size_t i = 0; i < parent.size(); ++i) parent[i] = i;
    auto root = [&](std::size_t i) {
        while (parent[i] != i) i = parent[i];
        return i;
    };
    for (std::size_t i = 0; i < present.size(); ++i) {
        const Attribute* shared = topology.find(present[i], attr::sharedWith);
        if (!shared) continue;
        for (const auto& name : shared->names)
            for (std::size_t j = 0; j < present.size(); ++j)
                if (sameName(displayName(present[j]), name)) parent[root(i)] = root(j);
    }
    std::vector<std::vector<Element>> groups;
    std::vector<std::size_t> groupOfRoot(present.size(), present.size());
    for (std::size_t i = 0; i < present.size(); ++i) {
        std::size_t& g = groupOfRoot[root(i)];
        if (g == present.size()) {
            g = groups.size();
            groups.emplace_back();
        }
        groups[g].push_back(present[i]);
    }
    return groups;
}

bool isShownOnly(const SeriesRow& row) { return row.label == kShownOnlyLabel; }

Series analysedRows(const Series& series) {
    Series analysed = series;
    std::erase_if(analysed.rows, isShownOnly);
    return analysed;
}

std::string_view toString(SeriesKind k) {
    switch (k) {
        case SeriesKind::Size: return "size";
        case SeriesKind::LineSize: return "line_size";
        case SeriesKind::FetchGranularity: return "fetch_granularity";
        case SeriesKind::Latency: return "latency";
        case SeriesKind::SegmentSize: return "segment_size";
        case SeriesKind::Amount: return "amount";
        case SeriesKind::Sharing: return "sharing";
        case SeriesKind::Bandwidth: return "bandwidth";
        case SeriesKind::Occupancy: return "occupancy";
    }
    return "?";
}

}  // namespace ts
