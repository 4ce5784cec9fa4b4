#include "analysis/raw_analysis.hpp"

#include <algorithm>

#include "analysis/series_attributes.hpp"
#include "model/attribute_names.hpp"

namespace ts {
namespace {

const Series* findKind(const std::vector<Series>& all, Element e, SeriesKind kind, const std::string& idSuffix = "") {
    for (const auto& s : all)
        if (s.element == e && s.kind == kind && (idSuffix.empty() || s.id.ends_with(idSuffix))) return &s;
    return nullptr;
}

void warnUndecided(Topology& t, Element e, const Attribute& a) {
    if (a.confidence <= 0)
        t.warnings.push_back(std::string(displayName(e)) + " " + a.name + " undecided: " + a.reason);
}

}  // namespace

bool notInRawSeries(const Attribute& a) {
    return a.name == attr::amountPerUnit || a.name == attr::sharedWith || a.name == attr::sharedBetween ||
           a.name == attr::readBandwidth || a.name == attr::writeBandwidth;
}

Topology analyzeSeries(std::vector<Series> series, double l2Bytes, std::vector<std::string>* warnings) {
    Topology t;
    t.device.l2SizeBytes = l2Bytes > 0 ? static_cast<std::uint64_t>(l2Bytes) : 0;
    std::vector<Element> elements;
    for (const auto& s : series)
        if (std::find(elements.begin(), elements.end(), s.element) == elements.end()) elements.push_back(s.element);

    for (Element e : elements) {
        auto& report = t.element(e);
        if (const Series* s = findKind(series, e, SeriesKind::Size)) report.set(sizeAttribute(*s));
        if (const Series* s = findKind(series, e, SeriesKind::FetchGranularity)) report.set(fetchGranularityAttribute(*s));
        if (const Series* s = findKind(series, e, SeriesKind::Latency, ".latency")) report.set(latencyAttribute(*s));
        if (const Series* s = findKind(series, e, SeriesKind::SegmentSize))
            for (auto& a : segmentAttributes(*s, l2Bytes)) report.set(std::move(a));
    }
    for (Element e : elements) {
        const Series* s = findKind(series, e, SeriesKind::LineSize);
        if (!s) continue;
        const Attribute* size = t.find(e, attr::size);
        const Attribute* fg = t.find(e, attr::fetchGranularity);
        double capacity = size && size->value > 0 ? size->value : 0;
        std::string note;
        // One SM's chase only keeps its nearest L2 segment: that is the capacity the line size sees.
        const Attribute* segment = t.find(e, attr::segmentSize);
        if (e == Element::L2 && segment && segment->value > 0) {
            capacity = segment->value, note = "capacity: the L2 segment size";
        } else if (e == Element::L2 && l2Bytes > 0) {
            capacity = l2Bytes, note = "capacity: the API's L2 size";
        } else if (size && size->lowerBound) {
            note = "capacity: only a lower bound of the size is known";
        }
        t.element(e).set(lineSizeAttribute(*s, capacity, fg ? fg->value : 0, note));
    }
    const bool hasL3 = std::find(elements.begin(), elements.end(), Element::L3) != elements.end();
    for (Element e : elements) {
        const auto next = nextLevel(e, hasL3);
        const Attribute* mine = t.find(e, attr::latency);
        const Attribute* theirs = next ? t.find(*next, attr::latency) : nullptr;
        if (mine && theirs) t.element(e).set(missPenaltyAttribute(*mine, *theirs, e, *next));
    }
    for (const auto& [e, report] : t.elements)
        for (const auto& a : report.attributes) warnUndecided(t, e, a);
    t.warnings.push_back(std::string(kNotInRawSeries) + "; not reported");
    if (warnings) warnings->insert(warnings->end(), t.warnings.begin(), t.warnings.end());
    t.series = std::move(series);
    return t;
}

}  // namespace ts
