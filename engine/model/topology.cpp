#include "model/topology.hpp"

#include <algorithm>

namespace ts {

const Attribute* ElementReport::find(const std::string& name) const {
    auto it = std::find_if(attributes.begin(), attributes.end(),
                           [&](const Attribute& a) { return a.name == name; });
    return it == attributes.end() ? nullptr : &*it;
}

void ElementReport::set(Attribute a) {
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
    }
    return "?";
}

}  // namespace ts
